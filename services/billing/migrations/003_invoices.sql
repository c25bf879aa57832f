-- Invoices as GET /api/invoices lists them (SPEC.md §3), rebuilt from billing_invoice events.
CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  number text NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  tenant_id uuid,
  subscription_id uuid,
  product_id uuid NOT NULL,
  payment_id uuid,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'overdue')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  issued_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX invoices_user ON invoices (user_id, issued_at DESC, number DESC);
