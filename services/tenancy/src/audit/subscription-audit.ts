import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import {
  auditedAggregate,
  changedFields,
  initialFields,
  moneyText,
  secretChange,
  secretOutcome,
} from '@app/service-kit/audit';
import { subscriptions } from '../application/subscriptions.js';
import { sameSealed } from '../domain/sealed.js';
import type { SubscriptionEvent } from '../domain/subscription/events.js';
import type { SubscriptionState } from '../domain/subscription/subscription.js';

const actions = {
  SubscriptionStarted: 'subscription.started',
  SubscriptionStatusChanged: 'subscription.status-changed',
  SubscriptionEndpointConfigured: 'subscription.endpoint-configured',
  SubscriptionCancellationScheduled: 'subscription.cancellation-scheduled',
  SubscriptionCancellationWithdrawn: 'subscription.cancellation-withdrawn',
  SubscriptionPlanChanged: 'subscription.plan-applied',
} as const satisfies Record<SubscriptionEvent['type'], AuditDescription['action']>;

function changesOf(
  event: SubscriptionEvent,
  before: SubscriptionState,
  after: SubscriptionState,
): AuditChange[] {
  const was = before.status === 'absent' ? undefined : before;
  const now = after.status === 'absent' ? undefined : after;
  switch (event.type) {
    case 'SubscriptionStarted':
      return initialFields([
        ['Product', event.data.productId],
        ['Plan', event.data.plan],
        ['Status', event.data.status],
        ['Monthly price', moneyText(event.data.amountCents)],
      ]);
    case 'SubscriptionStatusChanged':
      return changedFields([
        ['Status', event.data.previousStatus, event.data.status],
        ['Reason', null, event.data.reason],
      ]);
    case 'SubscriptionEndpointConfigured': {
      const hadKey = (was?.metricsApiKey ?? null) !== null;
      const hasKey = event.data.metricsApiKey !== null;
      const outcome = secretOutcome(
        hadKey,
        hasKey,
        sameSealed(was?.metricsApiKey ?? null, event.data.metricsApiKey),
      );
      return [
        ...changedFields([['Domain URL', was?.domainUrl, event.data.domainUrl]]),
        ...(outcome === null ? [] : [secretChange('Metrics API key', outcome)]),
      ];
    }
    case 'SubscriptionCancellationScheduled':
    case 'SubscriptionCancellationWithdrawn':
      return changedFields([
        ['Cancels at period end', was?.cancellationScheduledAt != null, now?.cancellationScheduledAt != null],
      ]);
    case 'SubscriptionPlanChanged':
      return changedFields([
        ['Plan', event.data.previousPlan, event.data.plan],
        ['Monthly price', moneyText(event.data.previousAmountCents), moneyText(event.data.amountCents)],
      ]);
    default:
      return assertNever(event);
  }
}

/** Each stored subscription event as an audit entry of that subscription, in its tenant. */
export function describeSubscriptionEvent(
  event: SubscriptionEvent,
  before: SubscriptionState,
  after: SubscriptionState,
): AuditDescription {
  return {
    action: actions[event.type],
    entity: { type: 'subscription', id: event.data.subscriptionId, label: null },
    tenantId: event.data.tenantId,
    accountId: null,
    changes: changesOf(event, before, after),
  };
}

export const subscriptionsAudit = auditedAggregate(subscriptions, describeSubscriptionEvent);
