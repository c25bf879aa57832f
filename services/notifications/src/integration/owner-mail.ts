import type pg from 'pg';
import type { MessageKind, MessagePayload } from '../domain/messages.js';
import { enqueueEmail, type Recipient } from '../outbox/enqueue-email.js';
import { productNameOf, tenantOf, TenantNotYetKnownError } from './copies.js';

interface SubscriptionEvent {
  id: string;
  data: { tenantId: string; productId: string };
}

/**
 * One message about a subscription to its tenant's owner, who runs the tenant and pays for it. A tenant without
 * an owner (an admin's, not yet claimed) gets no mail. The tenant precedes its subscriptions on tenancy's stream,
 * so it is normally copied already; billing's plan change may arrive first, and is then redelivered.
 */
export async function enqueueToOwner<Kind extends MessageKind>(
  tx: pg.PoolClient,
  request: {
    event: SubscriptionEvent;
    message: Kind;
    now: Date;
    payload: (facts: {
      recipient: Recipient;
      tenantName: string;
      productName: string | null;
    }) => MessagePayload<Kind> | Promise<MessagePayload<Kind>>;
  },
): Promise<void> {
  const { tenantId, productId } = request.event.data;
  const tenant = await tenantOf(tx, tenantId);
  if (tenant === null) throw new TenantNotYetKnownError(tenantId);
  if (tenant.ownerId === null) return;
  const productName = await productNameOf(tx, productId);
  await enqueueEmail(tx, {
    eventId: request.event.id,
    message: request.message,
    userId: tenant.ownerId,
    now: request.now,
    payload: (recipient) => request.payload({ recipient, tenantName: tenant.name, productName }),
  });
}
