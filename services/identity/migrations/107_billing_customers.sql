-- The customer billing made at its payment provider for each buyer (billing.customer.created.v1), shown as the
-- user's stripeCustomerId. A table of its own rather than a users column: rebuilding the users projection from
-- identity's events must not forget what only billing's messages taught us.
CREATE TABLE billing_customers (
  user_id uuid PRIMARY KEY,
  provider text NOT NULL,
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL
);
ALTER TABLE users DROP COLUMN stripe_customer_id;
