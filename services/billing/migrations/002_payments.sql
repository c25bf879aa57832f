-- Payments by the provider's id, rebuilt from billing_payment events: whose payment a client secret or webhook
-- names, and where it stands. Brand and last four are the only card data billing ever holds.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  provider text NOT NULL,
  provider_payment_id text NOT NULL,
  user_id uuid NOT NULL,
  tenant_id uuid,
  product_id uuid NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL CHECK (status IN ('pending', 'succeeded')),
  failures integer NOT NULL DEFAULT 0,
  last_failure_message text,
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_user ON payments (user_id, created_at);
