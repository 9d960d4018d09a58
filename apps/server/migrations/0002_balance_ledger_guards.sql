-- Balance ledger invariants the ledger service relies on.
-- A balance can never go below zero: charges are refused before that, and this is the backstop.
ALTER TABLE balance_ledger ADD CONSTRAINT balance_ledger_not_negative CHECK (balance_after >= 0);
-- An order (top-up payment, opening credit) is booked at most once per account and kind, so a
-- retried payment notification or a re-run seed cannot credit the same money twice.
CREATE UNIQUE INDEX balance_ledger_order_once ON balance_ledger (account_id, kind, order_id)
  WHERE order_id IS NOT NULL;
