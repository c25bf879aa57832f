import type pg from 'pg';
import { daysAfter } from '../../domain/invoice/billing-period.js';
import { anchorDaysWithin, trialStartDaysFor } from '../../domain/renewal/reminder-bounds.js';
import type { RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';
import { renewalReminderLeadDays } from '../../domain/renewal/renewal-reminders.js';
import type { ProviderName } from '../../payments/payment-provider.js';

/**
 * The subscriptions whose next bill falls within the reminder's lead of `now` and was not announced yet (README
 * "Renewal reminders"): live, not set to cancel, with a card to charge or at the end of a trial. A bound for the
 * tick to read, never a decision (remindersDue decides), though the test walks both and finds them equal.
 *
 * Anniversaries are reckoned as renewal-cycle.ts reckons them: whole calendar months from the cycle's anchor (its
 * start, or a trial's end), the day clamped to shorter months, which is what Postgres's month arithmetic on a UTC
 * timestamp does; from the first billed one (a trial's end; else the first anniversary, the first month being
 * paid or granted). The next is in the month of `now` or the one after, so those two are tried. A subscription
 * whose coming renewal was announced (`announced_renewal_at` past `now`) is left out before anything else is
 * looked up: once the runner has announced what is due, it reads none of them again.
 *
 * Only subscriptions whose cycle began on a day of the month that can give such an anniversary are read
 * (reminder-bounds.ts, by the index of migrations/313): about 4 in 30 of them rather than every live one.
 */
const reminderCandidatesSql = `
  WITH anchored AS (
    SELECT s.subscription_id, s.tenant_id, s.cycle_trial,
           (s.cycle_start AT TIME ZONE 'UTC')
             + make_interval(days => CASE WHEN s.cycle_trial THEN $2::int ELSE 0 END) AS anchor
    FROM subscriptions s
    WHERE s.status IN ('active', 'trial') AND s.cancel_requested_at IS NULL
      AND ((s.cycle_trial = false AND date_part('day', s.cycle_start AT TIME ZONE 'UTC') = ANY($5::float8[]))
        OR (s.cycle_trial = true AND date_part('day', s.cycle_start AT TIME ZONE 'UTC') = ANY($6::float8[])))
  ), counted AS (
    SELECT a.*,
           (12 * (date_part('year', $3::timestamptz AT TIME ZONE 'UTC') - date_part('year', a.anchor))
             + date_part('month', $3::timestamptz AT TIME ZONE 'UTC') - date_part('month', a.anchor))::int AS months
    FROM anchored a
  ), unannounced AS MATERIALIZED (
    SELECT c.subscription_id, c.tenant_id, c.cycle_trial AND k.months = 0 AS trial_end
    FROM counted c
    CROSS JOIN LATERAL (VALUES (c.months), (c.months + 1)) AS k (months)
    WHERE k.months >= CASE WHEN c.cycle_trial THEN 0 ELSE 1 END
      AND c.anchor + make_interval(months => k.months) > ($3::timestamptz AT TIME ZONE 'UTC')
      AND c.anchor + make_interval(months => k.months) <= ($4::timestamptz AT TIME ZONE 'UTC')
      AND c.subscription_id NOT IN (SELECT pt.subscription_id FROM plan_terms pt WHERE pt.announced_renewal_at > $3)
  )
  SELECT u.subscription_id
  FROM unannounced u
  WHERE u.trial_end OR EXISTS (
    SELECT 1 FROM tenants t
    JOIN payers p ON p.user_id = t.owner_id AND p.provider = $1 AND p.payment_method_id IS NOT NULL
    WHERE t.tenant_id = u.tenant_id)`;

export async function reminderCandidateIds(
  db: pg.Pool,
  provider: ProviderName,
  now: Date,
  policy: Pick<RenewalPolicy, 'trialDays'>,
): Promise<string[]> {
  const nowIso = now.toISOString();
  const anchorDays = anchorDaysWithin(now, renewalReminderLeadDays);
  const { rows } = await db.query<{ subscription_id: string }>(reminderCandidatesSql, [
    provider,
    policy.trialDays,
    nowIso,
    daysAfter(nowIso, renewalReminderLeadDays),
    anchorDays,
    trialStartDaysFor(anchorDays, policy.trialDays),
  ]);
  return rows.map((row) => row.subscription_id);
}
