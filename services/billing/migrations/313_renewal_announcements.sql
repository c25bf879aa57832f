-- The latest renewal billing announced for each subscription (README "Renewal reminders", RenewalAnnounced on
-- billing_term streams): the renewal runner reads no subscription whose coming renewal was announced already.
-- No term event before this announced anything, so null is right for every row and no replay is needed.
ALTER TABLE plan_terms ADD COLUMN announced_renewal_at timestamptz;

-- The tick's reminder candidates (src/application/renewals/reminder-candidates.ts) by the day of the month their
-- cycle started: a renewal within 3 days can only come to anchors on a few days of the month, so the tick reads
-- those rather than every live subscription each minute.
CREATE INDEX subscriptions_reminder_days
  ON subscriptions (cycle_trial, date_part('day', cycle_start AT TIME ZONE 'UTC'))
  WHERE status IN ('active', 'trial') AND cancel_requested_at IS NULL;
-- The renewals announced and still to come, which the tick's reminder candidates leave out.
CREATE INDEX plan_terms_announced ON plan_terms (announced_renewal_at) WHERE announced_renewal_at IS NOT NULL;
