import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { demoAccounts } from '@app/demo-fixtures';
import { createSandboxProvider } from '../../src/payments/index.js';
import { demoPurchases } from '../../src/seed/demo-purchases.js';
import { seedDemoInvoices } from '../../src/seed/seed-demo-invoices.js';
import { addProduct, countEvents, startBilling, viewsSettled } from '../support/billing-harness.js';

const h = startedForFile(startBilling);

function seed(purchases = demoPurchases) {
  const now = () => new Date();
  const { pool, eventStore } = h;
  const sandbox = createSandboxProvider({ pool, now });
  return seedDemoInvoices({ pool, eventStore, sandbox, now }, purchases);
}

const account = (email: string) => demoAccounts.find((candidate) => candidate.email === email)?.id;

describe('demo invoices', () => {
  it('skips a purchase whose product billing has not heard of', async () => {
    const report = await seed();
    expect(report.paid).toEqual([]);
    expect(report.skipped).toHaveLength(demoPurchases.length);
    expect(await countEvents(h.pool)).toBe(0);
  });

  it('pays the demo customers’ checkouts through the Sandbox, once', async () => {
    const prices = [29_900, 24_900, 34_900];
    for (const [index, purchase] of demoPurchases.entries()) {
      await addProduct(h.pool, { productId: purchase.product.productId, basePriceCents: prices[index] });
    }

    const first = await seed();
    expect(first).toEqual({ paid: expect.any(Array), alreadyPresent: [], skipped: [] });
    expect(first.paid).toHaveLength(demoPurchases.length);
    const eventsAfterFirst = await countEvents(h.pool);
    const again = await seed();
    expect(again.alreadyPresent).toHaveLength(demoPurchases.length);
    expect(await countEvents(h.pool)).toBe(eventsAfterFirst);

    await viewsSettled(h);
    const { rows } = await h.pool.query<{ user_id: string; amount_cents: string; status: string }>(
      'SELECT user_id, amount_cents, status FROM invoices ORDER BY number',
    );
    expect(rows).toEqual([
      { user_id: account('casey@demo.local'), amount_cents: '29900', status: 'paid' },
      { user_id: account('jordan@demo.local'), amount_cents: '24900', status: 'paid' },
      { user_id: account('jordan@demo.local'), amount_cents: '34900', status: 'paid' },
    ]);
    // Jordan's first card is declined, as a real customer's might be, before the second pays.
    const jordans = demoPurchases.find((purchase) => purchase.product.name === 'Identity Verify');
    const { events } = await h.eventStore.readStream(`billing_payment-${jordans?.paymentId}`);
    expect(events.map((event) => event.type)).toEqual([
      'PaymentCreated',
      'PaymentFailed',
      'PaymentSucceeded',
    ]);
  });
});
