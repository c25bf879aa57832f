import { foldedProjection, type RecordedEvent } from '@app/eventing';
import { webhookEndpointEventTypes, type WebhookEndpointEvent } from '../domain/endpoint/events.js';
import type { WebhookEndpointStatus } from '../domain/endpoint/endpoint.js';
import { webhookEndpoints } from '../endpoints.js';

/** A webhook_endpoints row as the projection keeps it; names follow the table's columns. */
export interface WebhookEndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  event_types: string[];
  status: WebhookEndpointStatus;
  revision: number;
  registered_at: string;
  updated_at: string;
}

/**
 * The `webhook_endpoints` read model (migrations/004_webhook_endpoints.sql): one row per endpoint, what its
 * owner's and an admin's lists show. The secret stays out of it, sealed or not: only the endpoint's stream holds
 * it, for the deliveries.
 */
export const webhookEndpointsProjection = foldedProjection<WebhookEndpointRow, WebhookEndpointEvent>({
  name: 'notifications.webhook-endpoints.v1',
  eventTypes: webhookEndpointEventTypes,
  table: 'webhook_endpoints',
  key: ['id'],
  columns: ['id', 'tenant_id', 'url', 'event_types', 'status', 'revision', 'registered_at', 'updated_at'],
  decode: (recorded) => webhookEndpoints.decode(recorded),
  rowKeyOf: (event) => ({ id: event.data.endpointId }),
  fold: foldEndpointEvent,
  async reset(tx) {
    await tx.query('TRUNCATE webhook_endpoints');
  },
});

/** An endpoint's row after one of its events; a replayed registration leaves the row as it is. */
export function foldEndpointEvent(
  row: WebhookEndpointRow | undefined,
  event: WebhookEndpointEvent,
  recorded: RecordedEvent,
): WebhookEndpointRow | null | undefined {
  const revision = recorded.revision;
  if (event.type === 'WebhookEndpointRegistered') {
    if (row) return row;
    const { data } = event;
    return {
      id: data.endpointId,
      tenant_id: data.tenantId,
      url: data.url,
      event_types: data.eventTypes,
      status: 'enabled',
      revision,
      registered_at: data.registeredAt,
      updated_at: data.registeredAt,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case 'WebhookEndpointEventTypesChanged':
      return { ...row, event_types: event.data.eventTypes, revision, updated_at: event.data.changedAt };
    case 'WebhookEndpointEnabled':
      return { ...row, status: 'enabled', revision, updated_at: event.data.enabledAt };
    case 'WebhookEndpointDisabled':
      return { ...row, status: 'disabled', revision, updated_at: event.data.disabledAt };
    // Gone from every list; its deliveries' log rows stay, unreachable, as the routes look endpoints up here.
    case 'WebhookEndpointDeleted':
      return null;
    case 'WebhookEndpointSecretRotated':
      return { ...row, revision, updated_at: event.data.rotatedAt };
    case 'WebhookEndpointMarkedFailing':
      return { ...row, status: 'failing', revision, updated_at: event.data.markedAt };
    // Nothing the lists show changed, but the revision is the endpoint's ETag for If-Match.
    case 'WebhookEndpointSecretsResealed':
      return { ...row, revision };
  }
}
