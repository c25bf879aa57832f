import type pg from 'pg';
import type { WebhookEndpoint } from '@app/contracts';
import type { CommandView } from '@app/service-kit';
import type { WebhookEndpointState } from '../domain/endpoint/endpoint.js';
import { endpointWithRevision } from '../projections/endpoint-queries.js';

/**
 * How a command on an endpoint is answered: its read-model row once the projection shows the command, else the
 * endpoint as the command left it (its last change then dated by the command's time). Never the secret.
 */
export function endpointView(
  db: pg.Pool,
  result: { state: WebhookEndpointState; newEvents: readonly unknown[] },
  at: Date,
): CommandView<WebhookEndpoint> {
  const { state } = result;
  if (state.status === 'absent' || state.status === 'deleted') {
    throw new Error('A command on an endpoint left none to show');
  }
  // Read here, where the check above narrows it: inside fromState it would be any status again.
  const status = state.status;
  return {
    fromState: () => ({
      id: state.endpointId,
      tenantId: state.tenantId,
      url: state.url,
      eventTypes: state.eventTypes,
      status,
      registeredAt: state.registeredAt,
      updatedAt: result.newEvents.length > 0 ? at.toISOString() : state.registeredAt,
    }),
    fromReadModel: () => endpointWithRevision(db, state.endpointId),
  };
}
