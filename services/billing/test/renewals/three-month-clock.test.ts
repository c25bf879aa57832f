import { describe, expect, it } from 'vitest';
import { billingIntegrationEventSchema, billingSubjects, invoiceListSchema } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { service } from '../../src/service.js';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import { checkoutAndStart, renewalRunner, statusChanged, testClock } from '../support/renewals.js';
import { invoicesOf, newBuyer, type Buyer } from '../support/requests.js';

/**
 * Renewals over three months: the clock moves three months ahead, day by day and hour by hour through every anniversary
 * and retry, and every invoice, payment and published message is checked, the way Kill Bill tests billing.
 * Everything runs on one injected clock: the checkout routes, the Sandbox, the renewal runner. Tenancy is played
 * by its messages (its reactions are tested in tenancy).
 *
 * - Avery pays with 4242 4242 4242 4242: every renewal is paid.
 * - Blake pays with 4000 0000 0000 0341, which Stripe saves and then declines off-session: the first renewal fails
 *   at issue and on its retries 1, 3 and 5 days later, is overdue, and is tried again on each later anniversary.
 * - Cameron saves a 0341 card too, sees the first renewal declined, then buys another product with 4242 (the card
 *   their renewals now charge), and the retry a day later pays; the Sandbox has no card that declines once and
 *   then pays, so a new card is how a retry succeeds here, as it would for a real customer.
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
const tenants = new Map<string, string>();

async function checkout(buyer: Buyer, product: { productId: string; basePriceCents: number }, card: string) {
  const tenantId = tenants.get(buyer.userId);
  const bought = await checkoutAndStart(h, clock.now, {
    buyer,
    product,
    card,
    ...(tenantId ? { tenantId } : {}),
  });
  tenants.set(buyer.userId, bought.tenantId);
  return bought;
}

const hours = ['09:00', '10:00', '11:00', '13:00'];
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) {
    out.push(new Date(day).toISOString().slice(0, 10));
  }
  return out;
};

describe('three months of renewals on an injected clock', () => {
  it('renews, retries, makes overdue and recovers, invoice by invoice and payment by payment', async () => {
    const riskEngine = await addProduct(h.pool, { basePriceCents: 34_900 });
    const kycSuite = await addProduct(h.pool, { name: 'Identity Verify', basePriceCents: 9_900 });
    const ledger = await addProduct(h.pool, { name: 'Account Validation', basePriceCents: 4_900 });
    const avery = await newBuyer();
    const blake = await newBuyer();
    const cameron = await newBuyer();

    clock.set('2026-01-31T09:00:00.000Z');
    await checkout(avery, riskEngine, visa);
    clock.set('2026-01-31T10:00:00.000Z');
    const blakes = await checkout(blake, riskEngine, declinesOffSession);
    clock.set('2026-01-31T11:00:00.000Z');
    await checkout(cameron, kycSuite, declinesOffSession);

    const { runner, errors } = renewalRunner(h, clock.now);
    const happened: string[] = [];
    let pendingSeen = false;
    for (const day of days('2026-01-31', '2026-05-29')) {
      for (const hour of hours) {
        clock.set(`${day}T${hour}:00.000Z`);
        if (day === '2026-02-28' && hour === '13:00') await checkout(cameron, ledger, visa);
        const report = await runner.tick();
        await viewsSettled(h);
        expect(report.ran).toBe(true);
        const counts = (['issued', 'paid', 'declined', 'overdue'] as const)
          .filter((kind) => report[kind].length > 0)
          .map((kind) => `${kind} ${report[kind].length}`);
        if (counts.length > 0) happened.push(`${day} ${hour} ${counts.join(', ')}`);
        if (report.overdue.length > 0) {
          // Tenancy suspends the subscription on billing.invoice.overdue.v1 and says so.
          await eventually(() =>
            h.nats.messages.some((message) => message.subject === billingSubjects.invoiceOverdue),
          );
          await statusChanged(h.pool, {
            ...blakes,
            from: 'active',
            to: 'suspended',
            at: clock.now().toISOString(),
          });
        }
        if (day === '2026-02-28' && hour === '10:00') {
          pendingSeen = (await invoicesOf(h, blake)).some((invoice) => invoice.status === 'pending');
        }
      }
    }
    expect(errors).toEqual([]);
    expect(pendingSeen).toBe(true);
    expect(happened).toEqual([
      '2026-02-28 09:00 issued 1, paid 1',
      '2026-02-28 10:00 issued 1, declined 1',
      '2026-02-28 11:00 issued 1, declined 1',
      '2026-03-01 10:00 declined 1',
      '2026-03-01 11:00 paid 1',
      '2026-03-03 10:00 declined 1',
      '2026-03-05 10:00 overdue 1',
      '2026-03-28 13:00 issued 1, paid 1',
      '2026-03-31 09:00 issued 1, paid 1',
      '2026-03-31 10:00 declined 1',
      '2026-03-31 11:00 issued 1, paid 1',
      '2026-04-28 13:00 issued 1, paid 1',
      '2026-04-30 09:00 issued 1, paid 1',
      '2026-04-30 10:00 declined 1',
      '2026-04-30 11:00 issued 1, paid 1',
      '2026-05-28 13:00 issued 1, paid 1',
    ]);

    // Every invoice, as each customer's GET /api/invoices lists it (newest first).
    const listed = async (buyer: Buyer) =>
      invoiceListSchema
        .parse(await invoicesOf(h, buyer))
        .map(({ invoiceNumber, amount, status, periodStart, periodEnd, productName }) => [
          invoiceNumber,
          productName,
          amount,
          status,
          `${periodStart.slice(0, 16)} → ${periodEnd.slice(0, 16)}`,
        ]);
    expect(await listed(avery)).toEqual([
      ['INV-000012', 'Risk Scoring Engine', 349, 'paid', '2026-04-30T09:00 → 2026-05-31T09:00'],
      ['INV-000009', 'Risk Scoring Engine', 349, 'paid', '2026-03-31T09:00 → 2026-04-30T09:00'],
      ['INV-000004', 'Risk Scoring Engine', 349, 'paid', '2026-02-28T09:00 → 2026-03-31T09:00'],
      ['INV-000001', 'Risk Scoring Engine', 349, 'paid', '2026-01-31T09:00 → 2026-02-28T09:00'],
    ]);
    expect(await listed(blake)).toEqual([
      ['INV-000005', 'Risk Scoring Engine', 349, 'overdue', '2026-02-28T10:00 → 2026-03-31T10:00'],
      ['INV-000002', 'Risk Scoring Engine', 349, 'paid', '2026-01-31T10:00 → 2026-02-28T10:00'],
    ]);
    expect(await listed(cameron)).toEqual([
      ['INV-000014', 'Account Validation', 49, 'paid', '2026-05-28T13:00 → 2026-06-28T13:00'],
      ['INV-000013', 'Identity Verify', 99, 'paid', '2026-04-30T11:00 → 2026-05-31T11:00'],
      ['INV-000011', 'Account Validation', 49, 'paid', '2026-04-28T13:00 → 2026-05-28T13:00'],
      ['INV-000010', 'Identity Verify', 99, 'paid', '2026-03-31T11:00 → 2026-04-30T11:00'],
      ['INV-000008', 'Account Validation', 49, 'paid', '2026-03-28T13:00 → 2026-04-28T13:00'],
      ['INV-000007', 'Account Validation', 49, 'paid', '2026-02-28T13:00 → 2026-03-28T13:00'],
      ['INV-000006', 'Identity Verify', 99, 'paid', '2026-02-28T11:00 → 2026-03-31T11:00'],
      ['INV-000003', 'Identity Verify', 99, 'paid', '2026-01-31T11:00 → 2026-02-28T11:00'],
    ]);

    // Every payment: one per checkout and one per collection attempt, with the card it charged.
    const { rows: payments } = await h.pool.query<Record<string, unknown>>(
      `SELECT user_id, kind, status, amount_cents::int AS cents, card_last4, to_char(created_at AT TIME ZONE 'UTC',
         'MM-DD HH24:MI') AS at
       FROM payments ORDER BY created_at, kind`,
    );
    const paymentsOf = (buyer: Buyer) =>
      payments
        .filter((row) => row.user_id === buyer.userId)
        .map(
          (row) =>
            `${String(row.at)} ${String(row.kind)} ${String(row.status)} ${String(row.cents)} ${String(row.card_last4)}`,
        );
    expect(paymentsOf(avery)).toEqual([
      '01-31 09:00 checkout succeeded 34900 4242',
      '02-28 09:00 renewal succeeded 34900 4242',
      '03-31 09:00 renewal succeeded 34900 4242',
      '04-30 09:00 renewal succeeded 34900 4242',
    ]);
    expect(paymentsOf(blake)).toEqual([
      '01-31 10:00 checkout succeeded 34900 0341',
      '02-28 10:00 renewal failed 34900 null',
      '03-01 10:00 renewal failed 34900 null',
      '03-03 10:00 renewal failed 34900 null',
      '03-05 10:00 renewal failed 34900 null',
      '03-31 10:00 renewal failed 34900 null',
      '04-30 10:00 renewal failed 34900 null',
    ]);
    expect(paymentsOf(cameron)).toEqual([
      '01-31 11:00 checkout succeeded 9900 0341',
      '02-28 11:00 renewal failed 9900 null',
      '02-28 13:00 checkout succeeded 4900 4242',
      '03-01 11:00 renewal succeeded 9900 4242',
      '03-28 13:00 renewal succeeded 4900 4242',
      '03-31 11:00 renewal succeeded 9900 4242',
      '04-28 13:00 renewal succeeded 4900 4242',
      '04-30 11:00 renewal succeeded 9900 4242',
      '05-28 13:00 renewal succeeded 4900 4242',
    ]);

    // Blake's dunning, as the invoice's own stream records it: retries 1, 3 and 5 days after the first attempt.
    const overdueInvoice = (await invoicesOf(h, blake))[0]?.id as string;
    const { events } = await h.eventStore.readStream(`billing_invoice-${overdueInvoice}`);
    expect(
      events.map((event) => {
        const data = event.data as { attempt?: number; nextAttemptAt?: string | null; message?: string };
        return [
          event.type,
          data.attempt,
          data.nextAttemptAt?.slice(0, 16) ?? data.nextAttemptAt,
          data.message,
        ]
          .filter((part) => part !== undefined)
          .join(' ');
      }),
    ).toEqual([
      'InvoiceIssued',
      'InvoicePaymentAttempted 1',
      'InvoicePaymentFailed 1 2026-03-01T10:00 Your card was declined.',
      'InvoicePaymentAttempted 2',
      'InvoicePaymentFailed 2 2026-03-03T10:00 Your card was declined.',
      'InvoicePaymentAttempted 3',
      'InvoicePaymentFailed 3 2026-03-05T10:00 Your card was declined.',
      'InvoicePaymentAttempted 4',
      'InvoicePaymentFailed 4  Your card was declined.',
      'InvoiceOverdue',
      'InvoicePaymentAttempted 5',
      'InvoicePaymentFailed 5  Your card was declined.',
      'InvoicePaymentAttempted 6',
      'InvoicePaymentFailed 6  Your card was declined.',
    ]);

    // What billing published: each paid invoice once (renewals with their subscription), and the overdue one.
    await eventually(
      () => h.nats.messages.filter((m) => m.subject === billingSubjects.invoicePaid).length >= 13,
    );
    const published = h.nats.messages.map((message) =>
      billingIntegrationEventSchema.parse(JSON.parse(message.text)),
    );
    const paid = published.filter((message) => message.type === billingSubjects.invoicePaid);
    expect(paid.map((message) => message.data.number).sort()).toEqual(
      ['01', '02', '03', '04', '06', '07', '08', '09', '10', '11', '12', '13', '14'].map(
        (n) => `INV-0000${n}`,
      ),
    );
    const renewalOf = (number: string) => paid.find((message) => message.data.number === number)?.data;
    expect(renewalOf('INV-000004')).toMatchObject({
      subscriptionId: expect.any(String),
      amountCents: 34_900,
    });
    expect(renewalOf('INV-000001')).toMatchObject({ subscriptionId: null });
    const overdue = published.filter((message) => message.type === billingSubjects.invoiceOverdue);
    expect(overdue.map((message) => message.data)).toEqual([
      {
        invoiceId: overdueInvoice,
        number: 'INV-000005',
        userId: blake.userId,
        tenantId: blakes.tenantId,
        subscriptionId: blakes.subscriptionId,
        productId: riskEngine.productId,
        amountCents: 34_900,
        currency: 'usd',
        overdueAt: '2026-03-05T10:00:00.000Z',
      },
    ]);
    expect(published.filter((message) => message.type === billingSubjects.checkoutCompleted)).toHaveLength(4);
    // Every declined attempt, with the retry it leaves: Blake's four then two on later anniversaries, Cameron's one.
    const failures = published.flatMap((message) =>
      message.type === billingSubjects.invoicePaymentFailed ? [message.data] : [],
    );
    expect(
      failures.map(
        (failure) =>
          `${failure.number} ${failure.attempt} ${failure.failedAt.slice(0, 16)} ${failure.dunning} ` +
          `${failure.nextAttemptAt?.slice(0, 16) ?? '-'}`,
      ),
    ).toEqual([
      'INV-000005 1 2026-02-28T10:00 retry-scheduled 2026-03-01T10:00',
      'INV-000006 1 2026-02-28T11:00 retry-scheduled 2026-03-01T11:00',
      'INV-000005 2 2026-03-01T10:00 retry-scheduled 2026-03-03T10:00',
      'INV-000005 3 2026-03-03T10:00 retry-scheduled 2026-03-05T10:00',
      'INV-000005 4 2026-03-05T10:00 now-overdue -',
      'INV-000005 5 2026-03-31T10:00 already-overdue -',
      'INV-000005 6 2026-04-30T10:00 already-overdue -',
    ]);
    expect(failures[0]).toMatchObject({
      userId: blake.userId,
      tenantId: blakes.tenantId,
      subscriptionId: blakes.subscriptionId,
      amountCents: 34_900,
      message: 'Your card was declined.',
    });
  });
});
