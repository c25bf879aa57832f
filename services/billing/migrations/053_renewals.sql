-- Renewal invoices and their collection (README "Renewals and dunning"). Every invoice before these columns is
-- a checkout's, paid at issue, which the defaults describe: no replay is needed.
ALTER TABLE invoices
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  -- The attempt begun and not yet recorded, if any.
  ADD COLUMN attempt_in_flight integer,
  ADD COLUMN last_attempt_at timestamptz,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_failure_message text,
  ADD COLUMN overdue_at timestamptz;
CREATE INDEX invoices_subscription ON invoices (subscription_id, period_end) WHERE subscription_id IS NOT NULL;
CREATE INDEX invoices_checkouts ON invoices (user_id, product_id, period_end) WHERE subscription_id IS NULL;

-- A renewal's off-session charge is one payment per attempt, and a declined one is final.
ALTER TABLE payments
  ADD COLUMN kind text NOT NULL DEFAULT 'checkout' CHECK (kind IN ('checkout', 'renewal')),
  ADD COLUMN invoice_id uuid,
  DROP CONSTRAINT payments_status_check,
  ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'succeeded', 'failed'));
CREATE INDEX payments_invoice ON payments (invoice_id) WHERE invoice_id IS NOT NULL;
