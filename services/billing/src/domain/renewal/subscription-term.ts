import { dollarsFromCents, type ScheduledPlanChange, type SubscriptionTerm } from '@app/contracts';
import { termEndsAt, type BillableSubscription } from './due-work.js';
import { nextAnniversaryAfter, renewalCycle, type RenewalPolicy } from './renewal-cycle.js';

/**
 * Where a subscription stands at `now` (GET /api/billing/subscriptions): the period running now ends at the next
 * anniversary (a trial's end during its trial); it renews then when dueWork would issue that period: live, not set
 * to cancel, with a card and an amount a card can be charged; and the downgrade scheduled for then, if any.
 */
export function subscriptionTerm(
  subscription: BillableSubscription,
  policy: RenewalPolicy,
  now: Date,
): SubscriptionTerm {
  const { subscriptionId, status, payer, amountCents } = subscription;
  const endsAt = termEndsAt(subscription, policy);
  if (status === 'cancelled') {
    return {
      subscriptionId,
      status,
      currentPeriodEnd: null,
      renewsAt: null,
      cancelAtPeriodEnd: false,
      endsAt: null,
      scheduledPlanChange: null,
    };
  }
  const currentPeriodEnd = nextAnniversaryAfter(renewalCycle(subscription, policy), now.toISOString());
  const renews =
    endsAt === null &&
    (status === 'active' || status === 'trial') &&
    payer !== null &&
    amountCents >= policy.minimumChargeCents;
  return {
    subscriptionId,
    status,
    currentPeriodEnd,
    renewsAt: renews ? currentPeriodEnd : null,
    cancelAtPeriodEnd: endsAt !== null,
    endsAt,
    scheduledPlanChange: scheduledChangeOf(subscription),
  };
}

function scheduledChangeOf(subscription: BillableSubscription): ScheduledPlanChange | null {
  const scheduled = subscription.scheduledPlanChange;
  if (scheduled === null) return null;
  return {
    plan: scheduled.plan,
    amount: dollarsFromCents(scheduled.amountCents),
    effectiveAt: scheduled.effectiveAt,
  };
}
