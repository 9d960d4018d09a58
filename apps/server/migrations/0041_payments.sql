-- Payments and plans: yearly plan prices, the period a plan order bought, what a refund could not
-- take back, the trial's starting credit, and the indexes the reconcile sweep reads.

-- A plan sells monthly and yearly. `price` is the monthly price; `yearly_price` the price of a
-- year (ten months' worth for the seeded plans: two months free). A plan seeded as yearly keeps
-- its price as the year's and gets a tenth of it as the month's.
ALTER TABLE products ADD COLUMN yearly_price numeric(14, 2);
UPDATE products SET yearly_price = price WHERE billing_period = 'yearly';
UPDATE products SET price = round(price / 10) WHERE billing_period = 'yearly';
UPDATE products SET yearly_price = price * 10 WHERE yearly_price IS NULL;
ALTER TABLE products ALTER COLUMN yearly_price SET NOT NULL;
ALTER TABLE products ADD CONSTRAINT products_prices_positive CHECK (price > 0 AND yearly_price > 0);

-- The paid period a plan order bought (set when it is paid): a refund ends exactly that period,
-- and the invoice names it.
-- The invoices migration (0042) adds the same two columns for its invoice lines: IF NOT EXISTS
-- lets either file run first.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS period_start timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS period_end timestamptz;
-- A refunded top-up whose balance was already spent: the part the ledger could not take back
-- (it never goes below zero), left for the operator to settle with the account.
ALTER TABLE orders ADD COLUMN refund_shortfall numeric(14, 2) CHECK (refund_shortfall > 0);

-- Notifications whose handling has not finished (the status API was down, the process died):
-- the reconcile sweep re-reads their orders.
CREATE INDEX payment_notifications_unhandled ON payment_notifications (received_at)
  WHERE handled_at IS NULL;

-- The trial's starting credit (rupiah), an operator-owned platform value.
INSERT INTO platform_settings (key, value) VALUES ('trial_credit', '100000')
  ON CONFLICT (key) DO NOTHING;

-- The balance endpoint names the last real top-up's order: found without walking every charge.
CREATE INDEX balance_ledger_account_kind ON balance_ledger (account_id, kind, id DESC);
