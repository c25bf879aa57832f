import { describe, expect, it } from 'vitest';
import { tenancyStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { checkoutSubscriptionId } from '../../src/application/invoice-tenants.js';
import { billingConsumerNames } from '../../src/integration/consumers/start-billing-consumers.js';
import { addProduct, viewsSettled } from '../support/billing-harness.js';
import { startBillingConsumersOf } from '../support/nats.js';
import { checkoutPaymentId } from '../support/renewals.js';
import {
  billingEvents,
  clientSecretFor,
  confirm,
  invoicesOf,
  newBuyer,
  uuidv7,
} from '../support/requests.js';

const h = startedForFile(() => startBillingConsumersOf(tenancyStream));

/** Until the reaction has handled the message (its id recorded once the reaction succeeded). */
const handled = (messageId: string) =>
  eventually(
    async () =>
      (
        await h.pool.query('SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2', [
          billingConsumerNames.invoiceTenants,
          messageId,
        ])
      ).rowCount === 1,
    Boolean,
    15_000,
  );

const tenantAssignments = async (invoiceTenant: string) =>
  (await billingEvents(h)).filter(
    (row) => row.type === 'InvoiceTenantAssigned' && row.data.tenantId === invoiceTenant,
  );

describe('the tenant of a checkout’s invoice, from the subscription tenancy starts for it', () => {
  it('is assigned once, whatever the redeliveries, and only for the checkout that started it', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_900 });
    const buyer = await newBuyer();
    const bought = await confirm(h, buyer, await clientSecretFor(h, buyer, product.productId, 49));
    expect(bought.statusCode).toBe(200);
    await viewsSettled(h);
    // Billing knew no tenant of this buyer: tenancy makes one for the first purchase, then starts it there.
    expect(await invoicesOf(h, buyer)).toEqual([expect.objectContaining({ tenantId: null })]);

    const tenantId = uuidv7();
    await h.nats.publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Robin’s organisation',
      slug: `robin-${tenantId}`,
      ownerId: buyer.userId,
      status: 'active',
      domainUrl: null,
      createdAt: new Date().toISOString(),
    });
    const started = {
      subscriptionId: checkoutSubscriptionId(
        await checkoutPaymentId(h.pool, buyer.userId, product.productId),
      ),
      tenantId,
      productId: product.productId,
      plan: 'professional',
      status: 'active',
      amountCents: 4_900,
      startedAt: new Date().toISOString(),
    };
    const first = await h.nats.publish('tenancy.subscription.started.v1', started);
    expect(await handled(first.id)).toBe(true);
    await viewsSettled(h);
    expect(await invoicesOf(h, buyer)).toEqual([expect.objectContaining({ tenantId })]);

    // The same start again (a replay under another envelope id), and one an admin made for the same tenant.
    const replayed = await h.nats.publish('tenancy.subscription.started.v1', started);
    const byAdmin = await h.nats.publish('tenancy.subscription.started.v1', {
      ...started,
      subscriptionId: uuidv7(),
    });
    expect(await handled(replayed.id)).toBe(true);
    expect(await handled(byAdmin.id)).toBe(true);
    expect(await tenantAssignments(tenantId)).toHaveLength(1);
  });
});
