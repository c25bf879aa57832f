-- Each tenant's webhook endpoints as their owner and admins list them; rebuilt from notifications_webhookendpoint
-- events. Never the signing secret: deliveries read it, sealed, from the endpoint's stream.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  url text NOT NULL,
  event_types jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('enabled', 'disabled', 'failing')),
  revision bigint NOT NULL,
  registered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id, registered_at, id);
