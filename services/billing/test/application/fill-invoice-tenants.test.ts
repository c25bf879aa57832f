import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { fillInvoiceTenants } from '../../src/application/fill-invoice-tenants.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import { checkoutPaymentId, subscriptionStartedByCheckout, tenantOwnedBy } from '../support/renewals.js';
import {
  billingEvents,
  clientSecretFor,
  confirm,
  invoicesOf,
  newBuyer,
  type Buyer,
} from '../support/requests.js';

// One scenario on a database of its own: the command walks every invoice there.
const h = startedForFile(startBilling);

const fill = () =>
  fillInvoiceTenants({
    pool: h.pool,
    stores: createBillingStores(h.eventStore),
    now: () => new Date('2026-11-26T12:00:00.000Z'),
  });

async function checkout(buyer: Buyer, product: { productId: string }) {
  const response = await confirm(h, buyer, await clientSecretFor(h, buyer, product.productId, 49));
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
  return checkoutPaymentId(h.pool, buyer.userId, product.productId);
}

const tenantOfInvoice = async (buyer: Buyer) => {
  await viewsSettled(h);
  return (await invoicesOf(h, buyer)).map((invoice) => invoice.tenantId);
};

describe('fill-invoice-tenants', () => {
  it('gives old invoices the tenant their purchase was for, where billing can tell, once', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_900 });
    // Invoices issued while billing knew no tenant of their buyers, as every checkout's was before.
    const [started, again, unknown] = [await newBuyer(), await newBuyer(), await newBuyer()];
    const startedPayment = await checkout(started, product);
    await checkout(again, product);
    await checkout(unknown, product);
    await viewsSettled(h);

    // The first started a subscription, in a tenant other than the buyer's oldest; the second paid again for a
    // subscription its buyer's tenant already had; the third's buyer owns no tenant billing knows of.
    await tenantOwnedBy(h.pool, started.userId, '2026-01-01T00:00:00.000Z');
    const startedIn = await tenantOwnedBy(h.pool, started.userId, '2026-02-01T00:00:00.000Z');
    await subscriptionStartedByCheckout(h.pool, {
      paymentId: startedPayment,
      tenantId: startedIn,
      productId: product.productId,
      amountCents: 4_900,
      startedAt: '2026-02-01T00:00:01.000Z',
    });
    const againIn = await tenantOwnedBy(h.pool, again.userId, '2026-01-15T00:00:00.000Z');
    await tenantOwnedBy(h.pool, again.userId, '2026-02-15T00:00:00.000Z');

    expect(await fill()).toEqual({ checked: 3, assigned: 2, unknown: 1 });
    expect(await tenantOfInvoice(started)).toEqual([startedIn]);
    expect(await tenantOfInvoice(again)).toEqual([againIn]);
    expect(await tenantOfInvoice(unknown)).toEqual([null]);
    const assignments = (await billingEvents(h)).filter((row) => row.type === 'InvoiceTenantAssigned');
    expect(assignments).toHaveLength(2);

    // A second run finds only the invoice still unknown, and appends nothing.
    expect(await fill()).toEqual({ checked: 1, assigned: 0, unknown: 1 });
    expect((await billingEvents(h)).filter((row) => row.type === 'InvoiceTenantAssigned')).toHaveLength(2);
  });
});
