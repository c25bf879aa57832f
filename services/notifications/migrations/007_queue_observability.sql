-- The trace a queued item was born in (README "Observability"): the W3C trace context of the consumer that queued
-- it, so the send or delivery span continues the business event's trace. Null when none was active.
ALTER TABLE email_sends ADD COLUMN trace_context jsonb;
ALTER TABLE webhook_deliveries ADD COLUMN trace_context jsonb;

-- The queue gauges read the oldest pending item at every scrape: by index, whatever the backlog.
CREATE INDEX email_sends_pending_since ON email_sends (created_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_pending_since ON webhook_deliveries ((COALESCE(first_attempt_at, next_attempt_at)))
  WHERE status = 'pending';
