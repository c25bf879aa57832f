-- Where each paid invoice's period ends (billing.invoice.paid.v1's periodEnd, when it carries one), for the date a
-- subscription set to cancel ends. A renewal's or an upgrade's invoice names its subscription; a checkout's names
-- only the buyer, the tenant when billing knew it, and the product.
CREATE TABLE paid_periods (
  invoice_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  tenant_id uuid,
  subscription_id uuid,
  product_id uuid NOT NULL,
  period_end timestamptz NOT NULL
);
CREATE INDEX paid_periods_product ON paid_periods (product_id, period_end);
