-- A subscription set to cancel at the end of its paid period (tenancy.subscription.cancellation-scheduled.v1,
-- until withdrawn or cancelled): when the customer asked, from which the end of the term follows (README
-- "Renewals and dunning"), and the time of the newest of those messages applied, so an older one delivered late
-- changes nothing. Every subscription before these columns had no cancellation pending, as null says.
ALTER TABLE subscriptions
  ADD COLUMN cancel_requested_at timestamptz,
  ADD COLUMN cancellation_changed_at timestamptz;
-- The renewal tick reads these whatever their card or coverage (renewal-state.ts); few are pending at a time.
CREATE INDEX subscriptions_cancel_pending ON subscriptions (subscription_id)
  WHERE cancel_requested_at IS NOT NULL AND status <> 'cancelled';
