-- Billing's paid invoices, one row per invoice (billing.invoice.paid.v1), so a redelivery cannot count twice
-- and a tenant's total_spent_cents is always their recount.
CREATE TABLE paid_invoices (
  invoice_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  paid_at timestamptz NOT NULL
);
CREATE INDEX paid_invoices_tenant ON paid_invoices (tenant_id);
