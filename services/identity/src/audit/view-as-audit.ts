import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, initialFields, timeText } from '@app/service-kit/audit';
import { viewAsSessions } from '../application/view-as.js';
import type { ViewAsEvent } from '../domain/view-as/events.js';
import type { ViewAsState } from '../domain/view-as/view-as.js';

const endings = { left: 'Left', expired: 'Expired' } as const;

function changesOf(event: ViewAsEvent, after: ViewAsState): AuditChange[] {
  switch (event.type) {
    case 'ViewAsStarted':
      return initialFields([
        ['Reason', event.data.reason],
        ['Expires at', timeText(event.data.expiresAt)],
      ]);
    case 'ViewAsEnded':
      return initialFields([
        ['Ended', endings[event.data.ending]],
        ['Reason', after.status === 'absent' ? null : after.reason],
      ]);
    default:
      return assertNever(event);
  }
}

/**
 * A view's start and end as entries about the customer's account (issue 21: "start, end and reason go to the
 * audit trail and to the customer's own Activity tab"): the account is the entity and the account concerned, so
 * the user's Activity card and the customer's tab both find them; the admin is the actor (Support to the customer).
 */
export function describeViewAsEvent(
  event: ViewAsEvent,
  _before: ViewAsState,
  after: ViewAsState,
): AuditDescription {
  const customerId = after.status === 'absent' ? null : after.customerId;
  const label = after.status === 'absent' ? null : after.customerLabel;
  return {
    action: event.type === 'ViewAsStarted' ? 'user.view-as-started' : 'user.view-as-ended',
    entity: { type: 'user', id: customerId ?? event.data.sessionId, label },
    tenantId: null,
    accountId: customerId,
    changes: changesOf(event, after),
  };
}

export const viewAsAudit = auditedAggregate(viewAsSessions, describeViewAsEvent);
