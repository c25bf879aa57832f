import type { PlanPrices, SubscriptionPlan } from '@app/contracts';
import type { BillableSubscription, Payer } from '../renewal/due-work.js';
import {
  nextAnniversaryAfter,
  renewalCycle,
  servicePeriodAt,
  type RenewalPolicy,
} from '../renewal/renewal-cycle.js';
import { prorate, type Proration } from './proration.js';

/** Why a plan change is refused; each has its own answer (http/plan-change.routes.ts). */
export type PlanChangeRefusal =
  | 'product-unavailable'
  | 'not-offered'
  | 'same-plan'
  | 'cancelled'
  | 'suspended'
  | 'cancelling'
  | 'upgrade-in-progress'
  | 'no-card';

interface Change {
  fromPlan: SubscriptionPlan;
  plan: SubscriptionPlan;
  previousAmountCents: number;
  amountCents: number;
  /** The end of the period running now. */
  periodEnd: string;
}

export type PlanChangeDecision =
  | { kind: 'refused'; reason: PlanChangeRefusal }
  /** Back to the current plan while a downgrade is scheduled. */
  | (Change & { kind: 'withdraw'; effectiveAt: string })
  /** At once; `charge` null when nothing is charged (a trial, or a difference below the card minimum). */
  | (Change & {
      kind: 'upgrade';
      effectiveAt: string;
      proration: Proration;
      charge: { amountCents: number; payer: Payer } | null;
    })
  | (Change & { kind: 'downgrade'; effectiveAt: string });

/**
 * What asking for `plan` at `at` does, for the subscription as billing bills it now (its plan and price after any
 * change billing made) (README "Plan changes"). A plan dearer than what the subscription is billed
 * now is an upgrade: at once, charging the prorated difference for the rest of the period running now (nothing
 * during a trial, whose first bill is then at the new price; nothing when the difference is below the card
 * minimum, which is waived). Any other plan is a downgrade at the next renewal, which bills the new price; nothing is
 * refunded. Asking for the current plan while a downgrade is scheduled withdraws it. Only a live subscription
 * that is not set to cancel changes plan, one change in flight at a time.
 */
export function decidePlanChange(
  subscription: BillableSubscription,
  prices: PlanPrices | null,
  plan: SubscriptionPlan,
  at: string,
  policy: RenewalPolicy,
): PlanChangeDecision {
  const scheduled = subscription.scheduledPlanChange;
  const refused = (reason: PlanChangeRefusal): PlanChangeDecision => ({ kind: 'refused', reason });
  if (subscription.status === 'cancelled') return refused('cancelled');
  if (subscription.status === 'suspended') return refused('suspended');
  if (subscription.cancelRequestedAt !== null) return refused('cancelling');
  if (subscription.upgradeInFlight !== null) return refused('upgrade-in-progress');
  if (prices === null) return refused('product-unavailable');
  const amountCents = prices[plan];
  if (amountCents === null) return refused('not-offered');

  const cycle = renewalCycle(subscription, policy);
  const period = servicePeriodAt(subscription, cycle, at);
  const change: Change = {
    fromPlan: subscription.plan,
    plan,
    previousAmountCents: subscription.amountCents,
    amountCents,
    periodEnd: period.end,
  };
  const nextRenewal = nextAnniversaryAfter(cycle, at);
  if (plan === subscription.plan) {
    if (scheduled === null) return refused('same-plan');
    return { ...change, kind: 'withdraw', effectiveAt: scheduled.effectiveAt };
  }
  if (amountCents <= subscription.amountCents)
    return { ...change, kind: 'downgrade', effectiveAt: nextRenewal };

  const proration = prorate(subscription.amountCents, amountCents, period, at);
  const chargeable = !period.inTrial && proration.amountCents >= policy.minimumChargeCents;
  if (chargeable && subscription.payer === null) return refused('no-card');
  const charge =
    chargeable && subscription.payer !== null
      ? { amountCents: proration.amountCents, payer: subscription.payer }
      : null;
  return { ...change, kind: 'upgrade', effectiveAt: at, proration, charge };
}
