import type { PlanChangePreview, PlanChangeReply, Subscription, SubscriptionTerm } from '@app/contracts';

/** The period end and the quote time of the plan change tests in both remotes. */
export const planChangePeriodEnd = '2026-12-15T10:00:00.000Z';
export const planChangeQuotedAt = '2026-11-22T12:00:00.000Z';

/** Billing's term of `subscription`, renewing at the period end with no change waiting, unless overridden. */
export function aSubscriptionTerm(
  subscription: Subscription,
  overrides: Partial<SubscriptionTerm> = {},
): SubscriptionTerm {
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: planChangePeriodEnd,
    renewsAt: planChangePeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endsAt: null,
    scheduledPlanChange: null,
    ...overrides,
  };
}

/** GET …/plan?plan=…: an upgrade of `subscription` to enterprise ($99.00/month, $23.45 now), unless overridden. */
export function aPlanChangePreview(
  subscription: Subscription,
  overrides: Partial<PlanChangePreview> = {},
): PlanChangePreview {
  return {
    subscriptionId: subscription.id,
    kind: 'upgrade',
    fromPlan: subscription.plan,
    plan: 'enterprise',
    currentAmount: subscription.amount,
    amount: 99,
    chargeNow: 23.45,
    effectiveAt: planChangeQuotedAt,
    periodEnd: planChangePeriodEnd,
    quotedAt: planChangeQuotedAt,
    ...overrides,
  };
}

/** POST …/plan's 200: `subscription` changed to enterprise with $23.45 charged, unless overridden. */
export function aPlanChangeReply(
  subscription: Subscription,
  overrides: Partial<PlanChangeReply> = {},
): PlanChangeReply {
  return {
    subscriptionId: subscription.id,
    outcome: 'changed',
    plan: 'enterprise',
    amount: 99,
    charged: 23.45,
    invoiceId: crypto.randomUUID(),
    effectiveAt: planChangeQuotedAt,
    ...overrides,
  };
}
