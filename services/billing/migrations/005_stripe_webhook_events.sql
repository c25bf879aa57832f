-- Stripe event ids already handled, so a replayed or redelivered webhook is a no-op (Stripe retries for days
-- and may deliver an event twice). The row is inserted when handling starts and committed once it is done: a
-- duplicate arriving meanwhile waits on it, and a failed attempt leaves none, so Stripe's retry runs it again.
CREATE TABLE stripe_webhook_events (
  event_id text PRIMARY KEY,
  kind text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
