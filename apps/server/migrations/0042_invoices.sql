-- Invoices: the seller printed on them (operator-owned platform values), one tax invoice number
-- per invoice, and what the invoice sweep reads.

-- The seller on every invoice, snapshotted when the invoice is issued. The operator console edits
-- these; an empty value is left off the invoice (an NPWP, when set, is 16 digits).
INSERT INTO platform_settings (key, value) VALUES
  ('seller_name', 'PT Sapa Teknologi Indonesia'),
  ('seller_address', 'Jakarta, Indonesia'),
  ('seller_npwp', ''),
  ('seller_email', '')
ON CONFLICT (key) DO NOTHING;

-- An NSFP identifies one tax invoice of the seller: entering it on a second invoice is a mistake.
CREATE UNIQUE INDEX invoices_tax_invoice_number ON invoices (tax_invoice_number)
  WHERE tax_invoice_number IS NOT NULL;

-- The sweep looks for recently paid orders that have no invoice yet (a job that gave up).
CREATE INDEX orders_paid_at ON orders (paid_at) WHERE paid_at IS NOT NULL;

-- The period a plan order paid for, named on its invoice line. The payments migration (0041)
-- adds the same columns and sets them when the order is paid; IF NOT EXISTS lets either file
-- run first.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS period_start timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS period_end timestamptz;
