import { describe, expect, it } from 'vitest';
import { billingSubjects, dollarsFromCents } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { notOverdue } from '../../src/application/pay-overdue-invoice.js';
import { service } from '../../src/service.js';
import { createSandboxProvider } from '../../src/payments/index.js';
import {
  addProduct,
  countEvents,
  expectRefusedUnchanged,
  startBilling,
  testPolicy,
  viewsSettled,
} from '../support/billing-harness.js';
import { checkoutAndStart, renewalRunner, testClock } from '../support/renewals.js';
import { invoicesOf as invoiceRecordsOf, newBuyer, type Buyer } from '../support/requests.js';

/**
 * "Pay now" on an overdue renewal (issue 19), on the injected clock: a renewal declined off-session is overdue at
 * once (no retries in this policy); Pay now charges the card on file once however often it is pressed, and the
 * paid invoice is published for tenancy to reactivate the subscription.
 */
const clock = testClock('2026-01-31T09:00:00.000Z');
const h = startedForFile(async () =>
  withRelay(
    await startBilling({
      now: clock.now,
      provider: (pool) => createSandboxProvider({ pool, now: clock.now }),
    }),
    service,
  ),
);
const visa = '4242 4242 4242 4242';
const declinesOffSession = '4000 0000 0000 0341';
const noRetries = { ...testPolicy, retryAfterDays: [] };

/** The buyer's invoices as the API lists them. */
async function invoicesOf(buyer: Buyer) {
  return (await invoiceRecordsOf(h, buyer)) as Array<{ id: string; status: string; amount: number }>;
}

function payNow(buyer: Buyer, invoiceId: string) {
  return h.app.inject({ method: 'POST', url: `/api/invoices/${invoiceId}/pay`, headers: buyer.headers });
}

async function overdueRenewal() {
  const product = await addProduct(h.pool, { basePriceCents: 34_900 });
  const buyer = await newBuyer();
  clock.set('2026-01-31T09:00:00.000Z');
  const bought = await checkoutAndStart(h, clock.now, { buyer, product, card: declinesOffSession });
  clock.set('2026-02-28T09:00:00.000Z');
  const { runner } = renewalRunner(h, clock.now, { policy: noRetries });
  expect(await runner.tick()).toMatchObject({ overdue: [expect.any(String)] });
  await viewsSettled(h);
  const overdue = (await invoicesOf(buyer)).find((invoice) => invoice.status === 'overdue');
  if (!overdue) throw new Error('no overdue invoice');
  return { buyer, bought, product, invoiceId: overdue.id };
}

describe('Pay now on an overdue invoice', () => {
  it("answers a decline with the issuer's words, then pays once with a new card however often it is pressed", async () => {
    const { buyer, bought, invoiceId } = await overdueRenewal();
    clock.set('2026-03-01T10:00:00.000Z');
    const declined = await payNow(buyer, invoiceId);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      type: 'urn:problem:payment-declined',
      detail: expect.stringMatching(/declined/i),
    });

    // A checkout with a card that pays saves it as the card on file, as a real customer would change it.
    const other = await addProduct(h.pool, { name: 'Identity Verify', basePriceCents: 9_900 });
    await checkoutAndStart(h, clock.now, { buyer, product: other, card: visa, tenantId: bought.tenantId });
    const presses = await Promise.all([payNow(buyer, invoiceId), payNow(buyer, invoiceId)]);
    for (const press of presses) expect(press.json()).toEqual({ invoiceId, status: 'paid' });
    expect((await payNow(buyer, invoiceId)).json()).toEqual({ invoiceId, status: 'paid' });

    await viewsSettled(h);
    const { rows } = await h.pool.query<{ status: string }>(
      'SELECT status FROM payments WHERE invoice_id = $1 ORDER BY created_at',
      [invoiceId],
    );
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect((await invoicesOf(buyer)).find((invoice) => invoice.id === invoiceId)).toMatchObject({
      status: 'paid',
      amount: dollarsFromCents(34_900),
    });
    await eventually(() =>
      h.nats.messages.some(
        (message) => message.subject === billingSubjects.invoicePaid && message.text.includes(invoiceId),
      ),
    );
  });

  it("refuses another customer's invoice and one not overdue, and answers a paid one as paid", async () => {
    const { buyer, invoiceId } = await overdueRenewal();
    const stranger = await newBuyer();
    const eventsBefore = () => countEvents(h.pool);
    await expectRefusedUnchanged(await payNow(stranger, invoiceId), {
      status: 404,
      pool: h.pool,
      eventsBefore: await eventsBefore(),
    });

    const checkoutInvoice = (await invoicesOf(buyer)).find((invoice) => invoice.status === 'paid');
    expect((await payNow(buyer, checkoutInvoice!.id)).json()).toEqual({
      invoiceId: checkoutInvoice!.id,
      status: 'paid',
    });

    const pending = await addProduct(h.pool, { basePriceCents: 4_900 });
    const later = await newBuyer();
    clock.set('2026-04-01T09:00:00.000Z');
    await checkoutAndStart(h, clock.now, { buyer: later, product: pending, card: declinesOffSession });
    clock.set('2026-05-01T09:00:00.000Z');
    await renewalRunner(h, clock.now).runner.tick();
    await viewsSettled(h);
    const retrying = (await invoicesOf(later)).find((invoice) => invoice.status === 'pending');
    await expectRefusedUnchanged(await payNow(later, retrying!.id), {
      status: 409,
      detail: notOverdue,
      pool: h.pool,
      eventsBefore: await eventsBefore(),
    });
  });
});
