import type { SubscriptionPlan } from '@app/contracts';
import { billedTerms, termEndsAt, type BillableSubscription } from './due-work.js';
import { nextAnniversaryAfter, renewalCycle, type RenewalPolicy } from './renewal-cycle.js';

/** How long before a bill the customer is told of it (issue 20: 3 days before each renewal and trial's end). */
export const renewalReminderLeadDays = 3;
const leadMs = renewalReminderLeadDays * 24 * 60 * 60 * 1000;

/** A renewal to announce: what its bill charges, and when (README "Renewal reminders"). */
export interface RenewalReminder {
  /** When it became due: the lead before the bill. */
  dueAt: string;
  subscriptionId: string;
  tenantId: string;
  productId: string;
  /** A trial's first bill, or the renewal of a paid month. */
  kind: 'renewal' | 'trial-end';
  plan: SubscriptionPlan;
  amountCents: number;
  renewsAt: string;
  cardOnFile: boolean;
}

/**
 * The renewals to announce at `now`, one per subscription whose next bill is at most the lead away and not yet
 * announced. Pure, like dueWork: the runner announces each through the subscription's term stream, which refuses
 * a second announcement of the same renewal, so a view that lags or a second replica announces nothing twice.
 */
export function remindersDue(
  now: Date,
  subscriptions: readonly BillableSubscription[],
  policy: RenewalPolicy,
): RenewalReminder[] {
  return subscriptions.flatMap((subscription) => reminderDue(now, subscription, policy) ?? []);
}

/**
 * The next bill is the next anniversary, as GET /api/billing/subscriptions gives it (a trial's end during its
 * trial), at the plan and price that bill charges (a downgrade scheduled for it included). None for a subscription
 * suspended, cancelled or set to cancel (it does not renew), nor while an upgrade's charge is in flight (its outcome
 * sets the price: a later tick announces it), nor for a bill below the card minimum or, but for a trial's end,
 * without a card (neither is charged). None either when the subscription started less than the lead before its
 * first bill: the customer agreed to that bill moments ago.
 */
function reminderDue(
  now: Date,
  subscription: BillableSubscription,
  policy: RenewalPolicy,
): RenewalReminder | null {
  const { subscriptionId, tenantId, productId, status, payer } = subscription;
  if (status !== 'active' && status !== 'trial') return null;
  if (termEndsAt(subscription, policy) !== null || subscription.upgradeInFlight !== null) return null;
  const cycle = renewalCycle(subscription, policy);
  const renewsAt = nextAnniversaryAfter(cycle, now.toISOString());
  const dueAt = Date.parse(renewsAt) - leadMs;
  if (dueAt > now.getTime() || dueAt < Date.parse(subscription.cycleStart)) return null;
  const announced = subscription.announcedRenewalAt;
  if (announced !== null && Date.parse(announced) >= Date.parse(renewsAt)) return null;
  const trialEnd =
    status === 'trial' && cycle.firstBilledPeriod === 0 && Date.parse(renewsAt) === Date.parse(cycle.anchor);
  const { plan, amountCents } = billedTerms(subscription, renewsAt);
  if (amountCents < policy.minimumChargeCents || (payer === null && !trialEnd)) return null;
  return {
    dueAt: new Date(dueAt).toISOString(),
    subscriptionId,
    tenantId,
    productId,
    kind: trialEnd ? 'trial-end' : 'renewal',
    plan,
    amountCents,
    renewsAt,
    cardOnFile: payer !== null,
  };
}
