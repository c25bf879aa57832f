import type pg from 'pg';
import type { SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import { daysAfter } from '../../domain/invoice/billing-period.js';
import {
  coverageToleranceMs,
  type BillableSubscription,
  type KnownInvoice,
} from '../../domain/renewal/due-work.js';
import { latestBilledCycleStarts, type RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';
import type { ProviderName } from '../../payments/payment-provider.js';
import { reminderCandidateIds } from './reminder-candidates.js';

/**
 * How far back invoices can still matter to the period running now (which began within the last month): older
 * paid ones cover nothing current, and open ones are loaded whatever their age.
 */
const coverageLookbackDays = 45;

interface SubscriptionRow {
  subscription_id: string;
  tenant_id: string;
  product_id: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  amount_cents: string;
  cycle_start: Date;
  cycle_trial: boolean;
  owner_id: string | null;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  cancel_requested_at: Date | null;
  scheduled_plan: SubscriptionPlan | null;
  scheduled_amount_cents: string | null;
  scheduled_effective_at: Date | null;
  upgrade_started_at: Date | null;
  upgrade_awaiting_since: Date | null;
  announced_renewal_at: Date | null;
}

interface InvoiceRow {
  id: string;
  subscription_id: string;
  kind: 'checkout' | 'renewal';
  period_start: Date;
  period_end: Date;
  status: 'pending' | 'overdue' | 'paid';
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  in_flight: boolean;
}

/**
 * The subscriptions that can have work at `now`: a superset of those dueWork acts on, so that a tick reads what
 * may be due rather than every subscription (README "Renewals and dunning").
 * - A period to issue needs an active or trial subscription, a chargeable amount, a payer, billing begun, and no
 *   renewal of it or checkout attributed to it (as the invoice query below attributes them) running past now and
 *   the tolerance: the period running now began by now, so such an invoice covers more than the tolerance of it.
 * - A collection needs a renewal not paid, of a subscription not cancelled, or an attempt cut short.
 * - A term to end needs a cancellation pending (migrations/305_cancel_at_period_end.sql); there are few.
 * - A scheduled downgrade whose renewal has come, or an upgrade charge to finish (migrations/309_plan_terms.sql).
 * - A renewal to announce (reminder-candidates.ts, read apart): its next bill within 3 days, not announced yet.
 * The first set's renewal check is made alone, first: one range of the renewals running past that point
 * (migrations/302_renewal_candidates.sql), hashed against the eligible subscriptions. Left to join it with the
 * payers and checkouts, the planner probes every subscription's renewals one at a time, several times slower.
 */
const candidatesSql = `
  WITH uncovered AS MATERIALIZED (
    SELECT s.subscription_id, s.tenant_id, s.product_id
    FROM subscriptions s
    WHERE s.status IN ('active', 'trial') AND s.amount_cents >= $2
      AND ((s.cycle_trial AND s.cycle_start <= $3) OR (NOT s.cycle_trial AND s.cycle_start <= $4))
      AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.subscription_id AND i.period_end > $5)
  )
  SELECT u.subscription_id
  FROM uncovered u
  JOIN tenants t ON t.tenant_id = u.tenant_id
  JOIN payers p ON p.user_id = t.owner_id AND p.provider = $1 AND p.payment_method_id IS NOT NULL
  WHERE NOT EXISTS (SELECT 1 FROM invoices i
                    WHERE i.subscription_id IS NULL AND i.user_id = t.owner_id AND i.product_id = u.product_id
                      AND i.period_end > $5)
  UNION
  SELECT i.subscription_id
  FROM invoices i
  JOIN subscriptions s ON s.subscription_id = i.subscription_id
  WHERE (i.status <> 'paid' OR i.attempt_in_flight IS NOT NULL)
    AND (i.attempt_in_flight IS NOT NULL OR s.status <> 'cancelled')
  UNION
  SELECT s.subscription_id FROM subscriptions s
  WHERE s.cancel_requested_at IS NOT NULL AND s.status <> 'cancelled'
  UNION
  SELECT pt.subscription_id FROM plan_terms pt
  JOIN subscriptions s ON s.subscription_id = pt.subscription_id
  WHERE (pt.scheduled_effective_at <= $6 OR pt.upgrade_started_at IS NOT NULL) AND s.status <> 'cancelled'`;

/**
 * What dueWork decides from, read from billing's views: the subscriptions that can have work (above), each with
 * its tenant owner's saved card at the configured provider; their renewal invoices that are open or recent; and
 * the recent checkouts by their owners of their products.
 */
export async function loadRenewalState(
  db: pg.Pool,
  provider: ProviderName,
  now: Date,
  policy: RenewalPolicy,
): Promise<{ subscriptions: BillableSubscription[]; invoices: KnownInvoice[] }> {
  const billedCycleStarts = latestBilledCycleStarts(now.toISOString(), policy);
  const { rows: candidates } = await db.query<{ subscription_id: string }>(candidatesSql, [
    provider,
    policy.minimumChargeCents,
    billedCycleStarts.trial,
    billedCycleStarts.paid,
    new Date(now.getTime() + coverageToleranceMs).toISOString(),
    now.toISOString(),
  ]);
  const reminders = await reminderCandidateIds(db, provider, now, policy);
  const ids = [...new Set([...candidates.map((candidate) => candidate.subscription_id), ...reminders])];
  const subscriptions = await billableSubscriptions(db, provider, ids);
  const since = daysAfter(now.toISOString(), -coverageLookbackDays);
  const { rows: invoiceRows } = await db.query<InvoiceRow>(
    `SELECT i.id, i.subscription_id, 'renewal' AS kind, i.period_start, i.period_end, i.status, i.attempts,
            i.next_attempt_at, i.last_attempt_at, i.attempt_in_flight IS NOT NULL AS in_flight
     FROM invoices i
     WHERE i.subscription_id = ANY($1::uuid[]) AND (i.status <> 'paid' OR i.period_end > $2)
     UNION ALL
     SELECT i.id, s.subscription_id, 'checkout' AS kind, i.period_start, i.period_end, i.status, i.attempts,
            i.next_attempt_at, i.last_attempt_at, false AS in_flight
     FROM invoices i
     JOIN tenants t ON t.owner_id = i.user_id
     JOIN subscriptions s ON s.tenant_id = t.tenant_id AND s.product_id = i.product_id
     WHERE i.subscription_id IS NULL AND s.subscription_id = ANY($1::uuid[]) AND i.period_end > $2`,
    [ids, since],
  );
  return { subscriptions, invoices: invoiceRows.map(toInvoice) };
}

/**
 * The subscriptions of `ids` billing's copy knows, each with its tenant owner's saved card at `provider`; with
 * `ownerId`, only those of tenants that user owns. The plan and price are billing's own after a plan change it
 * made within the current cycle (plan_terms), tenancy's otherwise; a subscription bought again after cancelling
 * starts a new cycle on the plan it was bought with.
 */
export async function billableSubscriptions(
  db: pg.Pool,
  provider: ProviderName,
  ids: readonly string[],
  ownerId: string | null = null,
): Promise<BillableSubscription[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.subscription_id, s.tenant_id, s.product_id, s.status, s.cycle_start, s.cycle_trial, t.owner_id,
            p.provider_customer_id, p.payment_method_id, s.cancel_requested_at,
            CASE WHEN pt.changed_at >= s.cycle_start THEN pt.plan ELSE s.plan END AS plan,
            CASE WHEN pt.changed_at >= s.cycle_start THEN pt.amount_cents ELSE s.amount_cents END AS amount_cents,
            pt.scheduled_plan, pt.scheduled_amount_cents, pt.scheduled_effective_at, pt.upgrade_started_at,
            pt.upgrade_awaiting_since, pt.announced_renewal_at
     FROM subscriptions s
     LEFT JOIN tenants t ON t.tenant_id = s.tenant_id
     LEFT JOIN payers p ON p.user_id = t.owner_id AND p.provider = $1 AND p.payment_method_id IS NOT NULL
     LEFT JOIN plan_terms pt ON pt.subscription_id = s.subscription_id
     WHERE s.subscription_id = ANY($2::uuid[]) AND ($3::uuid IS NULL OR t.owner_id = $3)`,
    [provider, ids, ownerId],
  );
  return rows.map(toSubscription);
}

function toSubscription(row: SubscriptionRow): BillableSubscription {
  const {
    owner_id: userId,
    provider_customer_id: providerCustomerId,
    payment_method_id: paymentMethodId,
  } = row;
  return {
    subscriptionId: row.subscription_id,
    tenantId: row.tenant_id,
    productId: row.product_id,
    plan: row.plan,
    status: row.status,
    amountCents: Number(row.amount_cents),
    cycleStart: row.cycle_start.toISOString(),
    cycleTrial: row.cycle_trial,
    payer:
      userId !== null && providerCustomerId !== null && paymentMethodId !== null
        ? { userId, providerCustomerId, paymentMethodId }
        : null,
    cancelRequestedAt: row.cancel_requested_at?.toISOString() ?? null,
    scheduledPlanChange:
      row.scheduled_plan !== null &&
      row.scheduled_amount_cents !== null &&
      row.scheduled_effective_at !== null
        ? {
            plan: row.scheduled_plan,
            amountCents: Number(row.scheduled_amount_cents),
            effectiveAt: row.scheduled_effective_at.toISOString(),
          }
        : null,
    upgradeInFlight: row.upgrade_started_at
      ? {
          startedAt: row.upgrade_started_at.toISOString(),
          awaitingSince: row.upgrade_awaiting_since?.toISOString() ?? null,
        }
      : null,
    announcedRenewalAt: row.announced_renewal_at?.toISOString() ?? null,
  };
}

function toInvoice(row: InvoiceRow): KnownInvoice {
  return {
    invoiceId: row.id,
    subscriptionId: row.subscription_id,
    kind: row.kind,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    inFlight: row.in_flight,
  };
}
