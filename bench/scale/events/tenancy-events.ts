import { subscriptions } from '../../../services/tenancy/src/application/subscriptions.js';
import { tenants } from '../../../services/tenancy/src/application/tenants.js';
import { subscriptionEventSchema } from '../../../services/tenancy/src/domain/subscription/events.js';
import { tenantEventSchema } from '../../../services/tenancy/src/domain/tenant/events.js';
import type { BenchSubscription, BenchTenant } from '../dataset.js';
import { storedStream, type StreamAppend } from './stored-stream.js';

export function tenantStream(tenant: BenchTenant): StreamAppend {
  const { tenantId, name, slug, ownerId, status, createdAt } = tenant;
  return storedStream(tenants, tenantEventSchema, tenantId, [
    { type: 'CreateTenant', data: { tenantId, name, slug, ownerId, status }, metadata: { now: createdAt } },
  ]);
}

/**
 * Started as an admin starts one (the product active, no other live subscription of the tenant to it: the
 * dataset gives each tenant distinct products), and cancelled with the Deactivate toggle when the dataset says.
 */
export function subscriptionStream(subscription: BenchSubscription): StreamAppend {
  const { subscriptionId, tenantId, productId, plan, startedAs, amountCents, startedAt, cancelledAt } =
    subscription;
  return storedStream(subscriptions, subscriptionEventSchema, subscriptionId, [
    {
      type: 'StartSubscription',
      data: {
        subscriptionId,
        tenantId,
        productId,
        plan,
        status: startedAs,
        amountCents,
        productIsActive: true,
        paidAtCheckout: false,
        tenantHasLiveSubscription: false,
      },
      metadata: { now: startedAt },
    },
    ...(cancelledAt === null
      ? []
      : [
          {
            type: 'ToggleSubscriptionStatus' as const,
            data: { subscriptionId, status: 'cancelled' as const, tenantHasOtherLiveSubscription: false },
            metadata: { now: cancelledAt },
          },
        ]),
  ]);
}
