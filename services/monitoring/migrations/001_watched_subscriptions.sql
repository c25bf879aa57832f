-- Monitoring's copy of what tenancy publishes (stream TENANCY): which subscriptions have a tenant app to watch,
-- and tenant names for alert messages. Never the metrics key: that comes only over tenancy's internal call.
CREATE TABLE watched_subscriptions (
  subscription_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  -- NULL until the subscription's start is seen (an endpoint message can only follow it, but a replay may not).
  status text,
  domain_url text,
  metrics_api_key_configured boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);
CREATE INDEX watched_subscriptions_tenant ON watched_subscriptions (tenant_id);

CREATE TABLE tenants (
  tenant_id uuid PRIMARY KEY,
  name text NOT NULL,
  updated_at timestamptz NOT NULL
);
