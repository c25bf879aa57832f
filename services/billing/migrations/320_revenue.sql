-- Revenue analytics (README "Revenue analytics"). Two writers, each its own tables, both rebuilt from events:
-- the billing-revenue consumer folds tenancy's subscription events into each subscription's MRR, each tenant's
-- (the customer's) MRR and the MRR movements summed by month; the billing.revenue-invoices.v1 projection folds
-- billing's own invoice events into each invoice's standing and what was collected and left unpaid, by month.
-- The summary reads only the month rows: its cost grows with the months of history, not with subscriptions.
CREATE TABLE revenue_subscriptions (
  subscription_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  status text NOT NULL,
  amount_cents bigint NOT NULL
);

CREATE TABLE revenue_customers (
  tenant_id uuid PRIMARY KEY,
  mrr_cents bigint NOT NULL,
  -- Had MRR once: MRR again after churning is a reactivation, not new business.
  has_paid boolean NOT NULL
);

-- Each month's movements, keyed by its first day (UTC); every column adds.
CREATE TABLE revenue_mrr_months (
  month date PRIMARY KEY,
  new_cents bigint NOT NULL,
  expansion_cents bigint NOT NULL,
  contraction_cents bigint NOT NULL,
  churned_cents bigint NOT NULL,
  reactivation_cents bigint NOT NULL,
  new_customers integer NOT NULL,
  churned_customers integer NOT NULL,
  reactivated_customers integer NOT NULL
);

CREATE TABLE revenue_invoices (
  invoice_id uuid PRIMARY KEY,
  amount_cents bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'overdue'))
);

-- Each month's collected amount and the changes of the unpaid and overdue amounts, keyed by its first day.
CREATE TABLE revenue_invoice_months (
  month date PRIMARY KEY,
  collected_cents bigint NOT NULL,
  paid_invoices integer NOT NULL,
  outstanding_change_cents bigint NOT NULL,
  overdue_change_cents bigint NOT NULL
);
