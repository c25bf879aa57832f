-- "One live subscription per product per tenant" on the command path (application/live-subscription-slots.ts): a
-- row per (tenant, product) pair, reserved by a subscription before it starts or is reactivated and released when
-- it is cancelled. Each step is one statement on its own, so no request holds a connection while it waits. A
-- reservation whose subscription never started or is no longer live is stale and may be taken over.
CREATE TABLE live_subscription_slots (
  pair text PRIMARY KEY,
  subscription_id uuid NOT NULL,
  reserved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_subscription_slots_subscription ON live_subscription_slots (subscription_id);
