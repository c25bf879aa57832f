import type { SubscriptionEvent } from './events.js';
import type { ChangePlan } from './commands.js';
import type { SubscriptionState } from './subscription.js';

/**
 * Billing's plan change, recorded as billing decided it (it prices and charges; tenancy only follows). Billing's
 * `changedAt` orders the changes, whatever the plans: a redelivered message, or one older than the change last
 * recorded, adds nothing, so a late message never puts back a plan that was since changed again. A cancelled subscription
 * records nothing: it is billed no period any more, so a change that crossed its cancellation (a downgrade
 * reaching the renewal that an admin's Cancel now or the end of the term beat) belongs to no period, and the
 * subscription keeps the plan and price it ended on, as its history and a later reactivation show.
 */
export function changePlan(
  command: ChangePlan,
  subscription: Exclude<SubscriptionState, { status: 'absent' }>,
): SubscriptionEvent[] {
  const { subscriptionId, plan, amountCents, changedAt } = command.data;
  if (subscription.status === 'cancelled') return [];
  const { planChangedAt } = subscription;
  if (planChangedAt !== null && Date.parse(changedAt) <= Date.parse(planChangedAt)) return [];
  const { tenantId, productId, plan: previousPlan, amountCents: previousAmountCents } = subscription;
  return [
    {
      type: 'SubscriptionPlanChanged',
      data: {
        subscriptionId,
        tenantId,
        productId,
        previousPlan,
        plan,
        previousAmountCents,
        amountCents,
        changedAt,
      },
    },
  ];
}
