import type pg from 'pg';
import { tenancyIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import type { AppLinks } from './app-links.js';
import { enqueueToOwner } from './owner-mail.js';
import { paidThrough } from './paid-periods.js';

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
