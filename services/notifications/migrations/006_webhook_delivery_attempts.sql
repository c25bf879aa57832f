-- The delivery log: every attempt of a webhook delivery (issue 20: event, attempt, status code, latency,
-- response excerpt), and why a delivery last failed or was not attempted. `round_attempts` counts the attempts
-- of the current schedule, which a redelivery starts afresh; `attempts` counts them all, numbering the log.
ALTER TABLE webhook_deliveries ADD COLUMN last_error text;
ALTER TABLE webhook_deliveries ADD COLUMN round_attempts integer NOT NULL DEFAULT 0;

CREATE TABLE webhook_delivery_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id),
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  -- Null when no answer came (refused by the SSRF guard, unreachable, timed out).
  status_code integer,
  latency_ms integer NOT NULL,
  response_excerpt text NOT NULL,
  reason text,
  PRIMARY KEY (delivery_id, attempt)
);
