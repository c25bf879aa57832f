-- Each message owed to a webhook endpoint: one row per (endpoint, integration event), queued by the webhook
-- consumers in the transaction that records the event as processed, so a redelivered event queues nothing twice.
-- The payload is the public integration event exactly as it is sent (and signed) on every attempt.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  -- The integration event's id: the `webhook-id` of every attempt, so a receiver can drop repeats.
  message_id uuid NOT NULL,
  event_type text NOT NULL,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- The retry schedule counts from the first attempt (src/webhooks/domain/retry-schedule.ts).
  first_attempt_at timestamptz,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id);
