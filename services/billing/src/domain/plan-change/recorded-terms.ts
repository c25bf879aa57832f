import type { BillableSubscription } from '../renewal/due-work.js';
import { changedPlanSince, type TermState } from '../term/term.js';

/**
 * A subscription as its own term stream has it, over what a read model showed (which may lag the stream): the
 * plan and price of the last change billing made in this cycle, the downgrade scheduled, the upgrade in flight.
 */
export function withRecordedTerms(
  subscription: BillableSubscription,
  state: TermState,
): BillableSubscription {
  const changed = changedPlanSince(state, subscription.cycleStart);
  const { scheduled, upgrade } = state;
  return {
    ...subscription,
    ...(changed ? { plan: changed.plan, amountCents: changed.amountCents } : {}),
    scheduledPlanChange: scheduled
      ? { plan: scheduled.plan, amountCents: scheduled.amountCents, effectiveAt: scheduled.effectiveAt }
      : null,
    upgradeInFlight: upgrade
      ? { startedAt: upgrade.startedAt, awaitingSince: upgrade.awaiting?.since ?? null }
      : null,
  };
}
