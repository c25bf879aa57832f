import type pg from 'pg';
import type { Projection, RecordedEvent } from '@app/eventing';
import type { AppLinks } from '../../integration/app-links.js';
import { tenantOf } from '../../integration/copies.js';
import { enqueueEmail } from '../../outbox/enqueue-email.js';
import { webhookEndpoints } from '../endpoints.js';

/**
 * Mails the tenant's owner when an endpoint is marked failing (issue 20: "then the endpoint is marked failing and
 * the owner is emailed"). A reaction to notifications' own stored event rather than a step of the delivery worker:
 * the send row is written in the transaction that advances this checkpoint, so a crash after the worker's append
 * still mails, once. The event id keys the send (README "Sends"), so a replay queues nothing twice.
 */
export function endpointFailingMailProjection(deps: { links: AppLinks; now: () => Date }): Projection {
  return {
    name: 'notifications.endpoint-failing-mail.v1',
    eventTypes: ['WebhookEndpointMarkedFailing'],
    async apply(recorded: RecordedEvent, tx: pg.PoolClient) {
      const event = webhookEndpoints.decode(recorded);
      if (event.type !== 'WebhookEndpointMarkedFailing') return;
      const endpoint = await endpointOf(tx, event.data.endpointId);
      const tenant = await tenantOf(tx, endpoint.tenantId);
      // Registration needs the tenant copied; an unowned tenant (an admin's, not claimed) has nobody to tell.
      if (tenant?.ownerId == null) return;
      await enqueueEmail(tx, {
        eventId: recorded.id,
        message: 'webhook-endpoint-failing',
        userId: tenant.ownerId,
        now: deps.now(),
        payload: (recipient) => ({
          firstName: recipient.firstName,
          tenantName: tenant.name,
          endpointUrl: endpoint.url,
          failingSince: event.data.failingSince ?? event.data.markedAt,
          markedAt: event.data.markedAt,
          lastError: event.data.reason,
          settingsUrl: deps.links.settingsPage(),
        }),
      });
    },
    // What it wrote is a log of mail, not a view: a rebuild replays into it, and its keys keep the sends single.
    async reset() {},
  };
}

/**
 * The endpoint's URL and tenant from its read model, which has them since its registration, days before any
 * failing mark; thrown when it does not yet (a rebuild of that model under way), so this event is retried.
 */
async function endpointOf(tx: pg.PoolClient, endpointId: string): Promise<{ url: string; tenantId: string }> {
  const { rows } = await tx.query<{ url: string; tenant_id: string }>(
    'SELECT url, tenant_id FROM webhook_endpoints WHERE id = $1',
    [endpointId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Webhook endpoint ${endpointId} is not in the webhook_endpoints read model yet`);
  return { url: row.url, tenantId: row.tenant_id };
}
