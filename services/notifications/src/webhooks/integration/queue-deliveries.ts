import type pg from 'pg';
import type { IntegrationEnvelope } from '@app/contracts';
import { storedTraceContext } from '../../observability/stored-trace-context.js';
import { isWebhookEventType } from '../domain/event-types.js';

/**
 * Queues one delivery of an integration event to each endpoint of the event's tenant that receives its type
 * (enabled, and subscribed to it), in the consumer's transaction. Only offered types are delivered, and only
 * events that name their tenant: billing's checkout and invoice events do not when billing did not know it. An
 * endpoint is read from its read model, so one registered a moment ago receives the events from when that shows
 * it. `ON CONFLICT` keeps a redelivered event, or the same event under another NATS message id, from queueing twice.
 * Each row keeps the consumer's trace context, so its delivery continues the event's trace.
 */
export async function queueWebhookDeliveries(
  envelope: IntegrationEnvelope,
  tx: pg.PoolClient,
  now: Date,
): Promise<void> {
  if (!isWebhookEventType(envelope.type)) return;
  const tenantId = envelope.data.tenantId;
  if (typeof tenantId !== 'string') return;
  await tx.query(
    `INSERT INTO webhook_deliveries
       (id, endpoint_id, tenant_id, message_id, event_type, payload, next_attempt_at, created_at, trace_context)
     SELECT gen_random_uuid(), id, tenant_id, $2, $3, $4, $5, $5, $6
     FROM webhook_endpoints
     WHERE tenant_id = $1 AND status = 'enabled' AND event_types ? $3
     ON CONFLICT (endpoint_id, message_id) DO NOTHING`,
    [tenantId, envelope.id, envelope.type, JSON.stringify(envelope), now, storedTraceContext()],
  );
}
