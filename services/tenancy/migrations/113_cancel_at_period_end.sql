-- A subscription set to cancel when its paid period ends (SubscriptionCancellationScheduled until withdrawn or
-- ended). Every subscription before this column had none pending, which the default says: no replay is needed.
ALTER TABLE subscriptions ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false;
