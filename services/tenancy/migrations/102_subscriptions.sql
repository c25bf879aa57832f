-- Subscriptions as the admin and customer screens list them; rebuilt from tenancy_subscription events. Only
-- whether a metrics API key is configured is kept here, never the sealed key.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  plan text NOT NULL,
  status text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  domain_url text,
  metrics_api_key_configured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL
);
CREATE INDEX subscriptions_tenant ON subscriptions (tenant_id, created_at);
CREATE INDEX subscriptions_product ON subscriptions (product_id, created_at);
