import type pg from 'pg';
import { tenancyIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import type { MessageKind, MessagePayload } from '../domain/messages.js';
import { enqueueEmail, type Recipient } from '../outbox/enqueue-email.js';
import type { AppLinks } from './app-links.js';
import { productNameOf, tenantOf, TenantNotYetKnownError } from './copies.js';
import { paidThrough } from './paid-periods.js';

interface SubscriptionEvent {
  id: string;
  data: { tenantId: string; productId: string };
}

/**
 * One message about a subscription to its tenant's owner, who runs the tenant and pays for it. A tenant without
 * an owner (an admin's, not yet claimed) gets no mail. The tenant precedes its subscriptions on tenancy's stream,
 * so it is normally copied already; a plan change comes on billing's and may arrive first.
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

/**
 * Tenancy's events that call for mail (README "Messages"), queued in the transaction that records the message,
 * after the copies took the same event. A subscription made active again, or a withdrawn cancellation, sends
 * nothing.
 */
export function tenancyMessageHandler(links: AppLinks, now: () => Date) {
  return async (envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> => {
    const parsed = tenancyIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    const billingUrl = links.billingPage();
    if (event.type === 'tenancy.subscription.status-changed.v1') {
      const { status, changedAt, reason } = event.data;
      if (status === 'suspended') {
        await enqueueToOwner(tx, {
          event,
          message: 'subscription-suspended',
          now: now(),
          payload: ({ recipient, tenantName, productName }) => ({
            firstName: recipient.firstName,
            tenantName,
            productName,
            suspendedAt: changedAt,
            billingUrl,
          }),
        });
      }
      if (status === 'cancelled') {
        await enqueueToOwner(tx, {
          event,
          message: 'subscription-cancelled',
          now: now(),
          payload: ({ recipient, tenantName, productName }) => ({
            firstName: recipient.firstName,
            tenantName,
            productName,
            cancelledAt: changedAt,
            reason: reason ?? null,
            billingUrl,
          }),
        });
      }
    }
    if (event.type === 'tenancy.subscription.cancellation-scheduled.v1') {
      const { subscriptionId, tenantId, productId, scheduledAt } = event.data;
      await enqueueToOwner(tx, {
        event,
        message: 'cancellation-scheduled',
        now: now(),
        payload: async ({ recipient, tenantName, productName }) => ({
          firstName: recipient.firstName,
          tenantName,
          productName,
          scheduledAt,
          endsAt: await paidThrough(tx, {
            subscriptionId,
            tenantId,
            productId,
            ownerId: recipient.userId,
            after: scheduledAt,
          }),
          billingUrl,
        }),
      });
    }
  };
}
