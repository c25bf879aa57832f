import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, initialFields, secretChange } from '@app/service-kit/audit';
import type { WebhookEndpointEvent } from '../domain/endpoint/events.js';
import type { WebhookEndpointState } from '../domain/endpoint/endpoint.js';
import { webhookEndpoints } from '../endpoints.js';

const actions = {
  WebhookEndpointRegistered: 'webhook-endpoint.registered',
  WebhookEndpointEventTypesChanged: 'webhook-endpoint.event-types-changed',
  WebhookEndpointEnabled: 'webhook-endpoint.enabled',
  WebhookEndpointDisabled: 'webhook-endpoint.disabled',
  WebhookEndpointDeleted: 'webhook-endpoint.deleted',
  WebhookEndpointSecretRotated: 'webhook-endpoint.secret-rotated',
  WebhookEndpointMarkedFailing: 'webhook-endpoint.marked-failing',
  WebhookEndpointSecretsResealed: 'webhook-endpoint.secrets-resealed',
} as const satisfies Record<WebhookEndpointEvent['type'], AuditDescription['action']>;

const statusOf = (state: WebhookEndpointState) => (state.status === 'absent' ? null : state.status);

function changesOf(
  event: WebhookEndpointEvent,
  before: WebhookEndpointState,
  after: WebhookEndpointState,
): AuditChange[] {
  const status = changedFields([['Status', statusOf(before), statusOf(after)]]);
  switch (event.type) {
    case 'WebhookEndpointRegistered':
      return [
        ...initialFields([
          ['URL', event.data.url],
          ['Event types', event.data.eventTypes],
          ['Status', statusOf(after)],
        ]),
        secretChange('Signing secret', 'set'),
      ];
    case 'WebhookEndpointEventTypesChanged':
      return changedFields([
        ['Event types', before.status === 'absent' ? null : before.eventTypes, event.data.eventTypes],
      ]);
    case 'WebhookEndpointEnabled':
    case 'WebhookEndpointDisabled':
    case 'WebhookEndpointDeleted':
      return status;
    case 'WebhookEndpointSecretRotated':
      return [
        secretChange('Signing secret', 'changed'),
        ...changedFields([['Previous secret signs until', null, event.data.previousExpiresAt]]),
      ];
    case 'WebhookEndpointMarkedFailing':
      return [...status, ...changedFields([['Reason', null, event.data.reason]])];
    case 'WebhookEndpointSecretsResealed': {
      // The same secrets sealed again under a newer key: which key seals them is no secret, and says what was done.
      const was = before.status === 'absent' ? null : before;
      return changedFields([
        ['Signing secret sealed with key', was?.secret.keyId, event.data.secret?.keyId ?? was?.secret.keyId],
        [
          'Previous signing secret sealed with key',
          was?.previousSecret?.secret.keyId,
          event.data.previousSecret?.keyId ?? was?.previousSecret?.secret.keyId,
        ],
      ]);
    }
    default:
      return assertNever(event);
  }
}

/** A tenant's webhook endpoint by its URL; its signing secret only as set or rotated, never any part of it. */
export function describeWebhookEndpointEvent(
  event: WebhookEndpointEvent,
  before: WebhookEndpointState,
  after: WebhookEndpointState,
): AuditDescription {
  const known = after.status === 'absent' ? null : after;
  return {
    action: actions[event.type],
    entity: { type: 'webhook-endpoint', id: event.data.endpointId, label: known?.url ?? null },
    tenantId: known?.tenantId ?? null,
    accountId: null,
    changes: changesOf(event, before, after),
  };
}

export const webhookEndpointsAudit = auditedAggregate(webhookEndpoints, describeWebhookEndpointEvent);
