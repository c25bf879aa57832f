import type { RenewalWork } from '../../domain/renewal/due-work.js';
import type { RenewalReminder } from '../../domain/renewal/renewal-reminders.js';
import type { BillingStores } from '../billing-stores.js';

type End = Extract<RenewalWork, { kind: 'end' }>;
type Switch = Extract<RenewalWork, { kind: 'switch' }>;

/**
 * Ends the paid term of a subscription set to cancel, once (the term's stream refuses a second end of the same
 * term): billing.subscription.term-ended.v1 then tells tenancy to cancel it. Until tenancy's cancellation comes
 * back, each tick finds the term due again and adds nothing. True when this call ended it.
 */
export async function endTerm(deps: { stores: BillingStores; now: () => Date }, work: End): Promise<boolean> {
  const { subscriptionId, tenantId, productId } = work.subscription;
  const result = await deps.stores.terms.handle(
    subscriptionId,
    {
      type: 'EndTerm',
      data: { subscriptionId, tenantId, productId, endsAt: work.endsAt },
      metadata: { now: deps.now().toISOString() },
    },
    { metadata: { actorId: 'billing-renewals', correlationId: subscriptionId } },
  );
  return result.newEvents.length > 0;
}

/**
 * Applies the downgrade scheduled for the renewal at `effectiveAt`, once (withdrawn or replaced meanwhile, the
 * term stream adds nothing): billing.subscription.plan-changed.v1 then tells tenancy. True when this call did.
 */
export async function applyScheduledPlanChange(
  deps: { stores: BillingStores; now: () => Date },
  work: Switch,
): Promise<boolean> {
  const { subscriptionId, effectiveAt } = work;
  const result = await deps.stores.terms.handle(
    subscriptionId,
    {
      type: 'ApplyScheduledPlanChange',
      data: { subscriptionId, effectiveAt },
      metadata: { now: deps.now().toISOString() },
    },
    { metadata: { actorId: 'billing-renewals', correlationId: subscriptionId } },
  );
  return result.newEvents.length > 0;
}

/**
 * Announces the renewal 3 days ahead, once (the term stream refuses a second announcement of it):
 * billing.subscription.renewal-upcoming.v1 then tells notifications, which mails the reminder. True when this call
 * did.
 */
export async function announceRenewal(
  deps: { stores: BillingStores; now: () => Date },
  reminder: RenewalReminder,
): Promise<boolean> {
  const { dueAt: _due, ...data } = reminder;
  const result = await deps.stores.terms.handle(
    reminder.subscriptionId,
    { type: 'AnnounceRenewal', data, metadata: { now: deps.now().toISOString() } },
    { metadata: { actorId: 'billing-renewals', correlationId: reminder.subscriptionId } },
  );
  return result.newEvents.length > 0;
}
