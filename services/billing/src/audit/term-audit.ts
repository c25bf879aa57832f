import type { AuditChange, AuditDescription, SubscriptionPlan } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, moneyText } from '@app/service-kit/audit';
import { terms } from '../application/terms.js';
import type { TermEvent } from '../domain/term/events.js';
import type { TermState } from '../domain/term/term.js';

const actions = {
  TermEnded: 'subscription.term-ended',
  PlanChangeScheduled: 'subscription.plan-change-scheduled',
  PlanChangeWithdrawn: 'subscription.plan-change-withdrawn',
  UpgradeStarted: 'subscription.upgrade-started',
  UpgradeAwaitingAuthentication: 'subscription.upgrade-awaiting-authentication',
  UpgradeDeclined: 'subscription.upgrade-declined',
  PlanChanged: 'subscription.plan-changed',
  RenewalAnnounced: 'subscription.renewal-announced',
} as const satisfies Record<TermEvent['type'], AuditDescription['action']>;

const planPrice = (plan: SubscriptionPlan, cents: number) => `${plan} (${moneyText(cents)}/mo)`;
const day = (iso: string) => iso.slice(0, 10);

function changesOf(event: TermEvent, before: TermState): AuditChange[] {
  switch (event.type) {
    case 'TermEnded':
      return changedFields([['Paid term ended', null, day(event.data.endedAt)]]);
    case 'PlanChangeScheduled':
      return changedFields([
        [
          'Scheduled plan',
          before.scheduled && planPrice(before.scheduled.plan, before.scheduled.amountCents),
          `${planPrice(event.data.plan, event.data.amountCents)} from ${day(event.data.effectiveAt)}`,
        ],
      ]);
    case 'PlanChangeWithdrawn':
      return changedFields([
        [
          'Scheduled plan',
          before.scheduled ? planPrice(before.scheduled.plan, before.scheduled.amountCents) : event.data.plan,
          null,
        ],
      ]);
    case 'UpgradeStarted':
      return changedFields([
        ['Upgrade', null, `${event.data.fromPlan} to ${event.data.plan}`],
        ['Prorated charge', null, moneyText(event.data.prorationCents)],
      ]);
    case 'UpgradeAwaitingAuthentication':
      return changedFields([['Upgrade charge', null, 'awaiting card authentication']]);
    case 'UpgradeDeclined':
      return changedFields([['Declined', null, `${event.data.message} (${event.data.code})`]]);
    case 'PlanChanged':
      return changedFields([
        ['Plan', event.data.fromPlan, event.data.plan],
        ['Monthly price', moneyText(event.data.previousAmountCents), moneyText(event.data.amountCents)],
        [
          'Prorated charge',
          null,
          event.data.prorationCents === 0 ? null : moneyText(event.data.prorationCents),
        ],
      ]);
    case 'RenewalAnnounced': {
      const { kind, plan, amountCents, renewsAt } = event.data;
      const bill = `${day(renewsAt)}, ${planPrice(plan, amountCents)}`;
      return changedFields([[kind === 'trial-end' ? 'Trial ends' : 'Renews', null, bill]]);
    }
    default:
      return assertNever(event);
  }
}

/**
 * Billing's side of a subscription (its term stream): plan changes, the end of a cancelled term, and each bill
 * announced 3 days ahead.
 */
export function describeTermEvent(event: TermEvent, before: TermState, _after: TermState): AuditDescription {
  return {
    action: actions[event.type],
    entity: { type: 'subscription', id: event.data.subscriptionId, label: null },
    tenantId: event.data.tenantId,
    accountId: event.type === 'UpgradeStarted' ? event.data.userId : null,
    changes: changesOf(event, before),
  };
}

export const termsAudit = auditedAggregate(terms, describeTermEvent);
