import type { SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import {
  currentPeriod,
  nextAnniversaryAfter,
  renewalCycle,
  type BillingPeriod,
  type CycleStart,
  type RenewalPolicy,
} from './renewal-cycle.js';

/** Who pays a subscription's renewals: its tenant's owner, with the card they last saved at a checkout. */
export interface Payer {
  userId: string;
  providerCustomerId: string;
  paymentMethodId: string;
}

/** Billing's copy of a tenancy subscription, with its payer when the tenant's owner has saved a card. */
export interface BillableSubscription extends CycleStart {
  subscriptionId: string;
  tenantId: string;
  productId: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  amountCents: number;
  payer: Payer | null;
  /** When the customer asked to cancel at the end of the paid period; null when no cancellation is pending. */
  cancelRequestedAt: string | null;
  /** A downgrade billing scheduled for the next renewal (README "Plan changes"); null when none is. */
  scheduledPlanChange: ScheduledPlanChange | null;
  /** An upgrade's charge whose outcome billing has not recorded; null when none is in flight. */
  upgradeInFlight: UpgradeInFlight | null;
  /** The latest renewal billing announced (README "Renewal reminders"); null when it announced none. */
  announcedRenewalAt: string | null;
}

export interface UpgradeInFlight {
  startedAt: string;
  /** Since when it waits for the customer's 3-D Secure step; null when it does not. */
  awaitingSince: string | null;
}

export interface ScheduledPlanChange {
  plan: SubscriptionPlan;
  amountCents: number;
  effectiveAt: string;
}

/**
 * An invoice as far as renewals care: a renewal of the subscription, or a checkout of its product by its tenant's
 * owner (which pays a month from the checkout, so renewals skip any period that starts inside it).
 */
export interface KnownInvoice {
  invoiceId: string;
  subscriptionId: string;
  kind: 'checkout' | 'renewal';
  periodStart: string;
  periodEnd: string;
  status: 'pending' | 'overdue' | 'paid';
  /** Attempts whose outcome is recorded. */
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** An attempt begun and not recorded: resumed with its recorded card. */
  inFlight: boolean;
}

export type RenewalWork =
  | {
      kind: 'issue';
      dueAt: string;
      subscriptionId: string;
      subscription: BillableSubscription & { payer: Payer };
      period: BillingPeriod;
    }
  | {
      kind: 'collect';
      dueAt: string;
      invoiceId: string;
      subscriptionId: string;
      plan: SubscriptionPlan;
      attempt: number;
      reason: 'first' | 'retry' | 'next-cycle' | 'resume';
      /** Null only for a resumed attempt, which charges the card it recorded when it began. */
      payer: Payer | null;
    }
  | {
      kind: 'end';
      dueAt: string;
      subscriptionId: string;
      subscription: BillableSubscription;
      /** When its paid term ran out (termEndsAt). */
      endsAt: string;
    }
  /** A scheduled downgrade's renewal has come: the plan changes (the renewal is issued at its price). */
  | { kind: 'switch'; dueAt: string; subscriptionId: string; effectiveAt: string }
  /** An upgrade's charge began and its outcome was not recorded (billing stopped midway): finish it. */
  | { kind: 'finish-upgrade'; dueAt: string; subscriptionId: string };

/**
 * How long an upgrade's charge is left to the request that began it before the runner finishes it: the request
 * takes a provider call or two, so one still in flight after this stopped midway.
 */
export const upgradeRecoveryDelayMs = 60 * 1000;

/** How long a customer has for an upgrade's 3-D Secure step before the runner cancels the charge. */
export const upgradeAuthenticationWindowMs = 30 * 60 * 1000;

const at = (iso: string) => Date.parse(iso);

/**
 * How far a paid month may reach into a period without that period counting as paid for: a checkout made moments
 * after an admin started the subscription (the demo seed does this) must not make its first anniversary free,
 * while one that paid for most of a period keeps it from being charged twice. The runner reads no subscription
 * whose invoices cover it beyond this past `now` (renewal-state.ts), since no period running now can be issued.
 */
export const coverageToleranceMs = 24 * 60 * 60 * 1000;

/**
 * What the renewal runner has to do at `now` (README "Renewals and dunning"). Pure: the runner loads the state,
 * this decides, the runner acts through idempotent commands, so acting on a view that lags repeats nothing.
 *
 * - An active subscription, or a trial whose trial has ended, with a payer and a chargeable amount, has the
 *   period running now issued, unless an invoice already covers its start (by more than a day). Periods that
 *   went by while it was suspended, cancelled or without a card are not billed afterwards.
 * - A pending renewal is charged when its next attempt is due; an overdue one once more on each later
 *   anniversary while its subscription is not cancelled; an attempt cut short is resumed whatever the status.
 * - A subscription set to cancel at period end is not billed from the end of its term (termEndsAt), and the term
 *   is ended once that moment has come: tenancy then cancels it.
 */
export function dueWork(
  now: Date,
  subscriptions: readonly BillableSubscription[],
  invoices: readonly KnownInvoice[],
  policy: RenewalPolicy,
): RenewalWork[] {
  const nowIso = now.toISOString();
  const bySubscription = new Map<string, KnownInvoice[]>();
  for (const invoice of invoices) {
    bySubscription.set(invoice.subscriptionId, [
      ...(bySubscription.get(invoice.subscriptionId) ?? []),
      invoice,
    ]);
  }
  const work: RenewalWork[] = [];
  for (const subscription of subscriptions) {
    const own = bySubscription.get(subscription.subscriptionId) ?? [];
    work.push(...collections(nowIso, subscription, own, policy));
    const issue = issueDue(nowIso, subscription, own, policy);
    if (issue) work.push(issue);
    const end = endDue(nowIso, subscription, policy);
    if (end) work.push(end);
    work.push(...planWork(nowIso, subscription, policy));
  }
  return work.sort(
    (a, b) => at(a.dueAt) - at(b.dueAt) || a.subscriptionId.localeCompare(b.subscriptionId) || order(a, b),
  );
}

/** Within one subscription and instant: settle what is owed, change plan, then issue, then end. */
const kindOrder: Record<RenewalWork['kind'], number> = {
  collect: 0,
  'finish-upgrade': 1,
  switch: 2,
  issue: 3,
  end: 4,
};
const order = (a: RenewalWork, b: RenewalWork) => kindOrder[a.kind] - kindOrder[b.kind];

/**
 * When the paid term of a subscription set to cancel runs out: the first anniversary after the customer asked (a
 * trial's end, for a trial), the moment its next renewal would have been issued. Null when none is pending.
 */
export function termEndsAt(
  subscription: Pick<BillableSubscription, 'cycleStart' | 'cycleTrial' | 'cancelRequestedAt'>,
  policy: Pick<RenewalPolicy, 'trialDays'>,
): string | null {
  const { cancelRequestedAt } = subscription;
  if (cancelRequestedAt === null) return null;
  return nextAnniversaryAfter(renewalCycle(subscription, policy), cancelRequestedAt);
}

/** A term set to cancel that has run out is ended, whatever the card, the amount or the status (bar cancelled). */
function endDue(now: string, subscription: BillableSubscription, policy: RenewalPolicy): RenewalWork | null {
  if (subscription.status === 'cancelled') return null;
  const endsAt = termEndsAt(subscription, policy);
  if (endsAt === null || at(endsAt) > at(now)) return null;
  return { kind: 'end', dueAt: endsAt, subscriptionId: subscription.subscriptionId, subscription, endsAt };
}

/**
 * A scheduled downgrade is applied at its renewal, unless the subscription ends then; an upgrade charge left in
 * flight is finished once its request has had time to finish it itself, or, waiting for a 3-D Secure step the
 * customer did not complete, once their time for it is up.
 */
function planWork(now: string, subscription: BillableSubscription, policy: RenewalPolicy): RenewalWork[] {
  if (subscription.status === 'cancelled') return [];
  const { subscriptionId, scheduledPlanChange: scheduled, upgradeInFlight } = subscription;
  const work: RenewalWork[] = [];
  const endsAt = termEndsAt(subscription, policy);
  if (scheduled !== null && at(scheduled.effectiveAt) <= at(now)) {
    if (endsAt === null || at(endsAt) > at(scheduled.effectiveAt)) {
      const { effectiveAt } = scheduled;
      work.push({ kind: 'switch', dueAt: effectiveAt, subscriptionId, effectiveAt });
    }
  }
  if (upgradeInFlight !== null) {
    const { startedAt, awaitingSince } = upgradeInFlight;
    const due =
      awaitingSince === null
        ? at(startedAt) + upgradeRecoveryDelayMs
        : at(awaitingSince) + upgradeAuthenticationWindowMs;
    if (due <= at(now)) {
      work.push({ kind: 'finish-upgrade', dueAt: new Date(due).toISOString(), subscriptionId });
    }
  }
  return work;
}

/** The plan and price a period is billed at: a downgrade scheduled for its start (or earlier) applies to it. */
export function billedTerms(subscription: BillableSubscription, periodStart: string) {
  const scheduled = subscription.scheduledPlanChange;
  if (scheduled !== null && at(scheduled.effectiveAt) <= at(periodStart)) {
    return { plan: scheduled.plan, amountCents: scheduled.amountCents };
  }
  return { plan: subscription.plan, amountCents: subscription.amountCents };
}

function issueDue(
  now: string,
  subscription: BillableSubscription,
  invoices: readonly KnownInvoice[],
  policy: RenewalPolicy,
): RenewalWork | null {
  const { payer, status } = subscription;
  if (payer === null || (status !== 'active' && status !== 'trial')) return null;
  const period = currentPeriod(renewalCycle(subscription, policy), now);
  if (period === null) return null;
  const billed = billedTerms(subscription, period.start);
  if (billed.amountCents < policy.minimumChargeCents) return null;
  // Set to cancel: no period from the end of the term on is billed.
  const endsAt = termEndsAt(subscription, policy);
  if (endsAt !== null && at(period.start) >= at(endsAt)) return null;
  const coveredUntil = Math.max(...invoices.map((invoice) => at(invoice.periodEnd)));
  if (at(period.start) < coveredUntil - coverageToleranceMs) return null;
  return {
    kind: 'issue',
    dueAt: period.start,
    subscriptionId: subscription.subscriptionId,
    subscription: { ...subscription, ...billed, payer },
    period,
  };
}

function collections(
  now: string,
  subscription: BillableSubscription,
  invoices: readonly KnownInvoice[],
  policy: RenewalPolicy,
): RenewalWork[] {
  const work: RenewalWork[] = [];
  for (const invoice of invoices) {
    if (invoice.kind !== 'renewal' || invoice.status === 'paid') continue;
    const collect = {
      invoiceId: invoice.invoiceId,
      subscriptionId: invoice.subscriptionId,
      plan: subscription.plan,
    };
    const attempt = invoice.attempts + 1;
    if (invoice.inFlight) {
      work.push({ ...collect, kind: 'collect', dueAt: now, attempt, reason: 'resume', payer: null });
      continue;
    }
    if (subscription.status === 'cancelled' || subscription.payer === null) continue;
    const payer = subscription.payer;
    if (invoice.status === 'pending') {
      if (invoice.nextAttemptAt === null || at(invoice.nextAttemptAt) > at(now)) continue;
      const reason = invoice.attempts === 0 ? 'first' : 'retry';
      work.push({ ...collect, kind: 'collect', dueAt: invoice.nextAttemptAt, attempt, reason, payer });
      continue;
    }
    const cycle = renewalCycle(subscription, policy);
    const next = nextAnniversaryAfter(cycle, invoice.lastAttemptAt ?? invoice.periodStart);
    if (at(next) <= at(now)) {
      work.push({ ...collect, kind: 'collect', dueAt: next, attempt, reason: 'next-cycle', payer });
    }
  }
  return work;
}
