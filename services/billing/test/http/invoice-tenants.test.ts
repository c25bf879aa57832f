import { describe, expect, it } from 'vitest';
import { invoiceListSchema } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import { checkoutAndStart, renewalRunner, tenantOwnedBy, testClock } from '../support/renewals.js';
import {
  billingEvents,
  clientSecretFor,
  confirm,
  invoicesOf,
  newBuyer,
  testCards,
} from '../support/requests.js';

const clock = testClock('2026-03-10T08:00:00.000Z');
const h = startedForFile(() =>
  startBilling({ now: clock.now, provider: (pool) => createSandboxProvider({ pool, now: clock.now }) }),
);

describe('GET /api/invoices: the tenant of each invoice', () => {
  it('is the buyer’s tenant at checkout, the first they own, which tenancy is told to buy for', async () => {
    clock.set('2026-03-10T08:00:00.000Z');
    const product = await addProduct(h.pool, { basePriceCents: 4_900 });
    const buyer = await newBuyer();
    const first = await tenantOwnedBy(h.pool, buyer.userId, '2026-01-05T00:00:00.000Z');
    await tenantOwnedBy(h.pool, buyer.userId, '2026-02-05T00:00:00.000Z');

    const bought = await confirm(h, buyer, await clientSecretFor(h, buyer, product.productId, 49));
    expect(bought.statusCode).toBe(200);
    await viewsSettled(h);
    const invoices = invoiceListSchema.parse(await invoicesOf(h, buyer));
    expect(invoices).toEqual([expect.objectContaining({ productId: product.productId, tenantId: first })]);
    // billing.checkout.completed.v1 carries it from the payment: tenancy starts the subscription in that tenant.
    const payments = (await billingEvents(h)).filter(
      (row) => row.type === 'PaymentSucceeded' && row.data.userId === buyer.userId,
    );
    expect(payments.map((row) => row.data.tenantId)).toEqual([first]);
  });

  it('is the subscription’s tenant for a renewal', async () => {
    clock.set('2026-03-10T08:00:00.000Z');
    const product = await addProduct(h.pool, { basePriceCents: 9_900 });
    const buyer = await newBuyer();
    const tenantId = await tenantOwnedBy(h.pool, buyer.userId, '2026-03-01T00:00:00.000Z');
    await checkoutAndStart(h, clock.now, { buyer, product, card: testCards.visa, tenantId });
    const { runner, errors } = renewalRunner(h, clock.now);
    clock.set('2026-04-10T08:00:01.000Z');
    await runner.tick();
    await viewsSettled(h);

    const invoices = invoiceListSchema.parse(await invoicesOf(h, buyer));
    expect(invoices.map(({ periodStart, tenantId }) => ({ periodStart, tenantId }))).toEqual([
      { periodStart: '2026-04-10T08:00:00.000Z', tenantId },
      { periodStart: '2026-03-10T08:00:00.000Z', tenantId },
    ]);
    expect(errors).toEqual([]);
  });
});
