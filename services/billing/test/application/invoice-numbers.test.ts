import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { streamOf } from '@app/eventing';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { allocateInvoiceNumber, formatInvoiceNumber } from '../../src/application/invoice-numbers.js';
import { checkoutInvoiceId, createSettlement } from '../../src/application/settlement.js';
import { payments } from '../../src/application/payments.js';
import { startBilling, viewsSettled } from '../support/billing-harness.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(startBilling);

const numberValue = (number: string) => Number(number.slice('INV-'.length));

describe('invoice numbers', () => {
  it('are INV- and at least six digits', () => {
    expect(formatInvoiceNumber(42n)).toBe('INV-000042');
    expect(formatInvoiceNumber(1_234_567n)).toBe('INV-1234567');
  });

  it('never repeat and keep increasing, however many are taken at once', async () => {
    const numbers = await Promise.all(Array.from({ length: 60 }, () => allocateInvoiceNumber(h.pool)));
    expect(new Set(numbers).size).toBe(numbers.length);
    const next = numberValue(await allocateInvoiceNumber(h.pool));
    expect(next).toBeGreaterThan(Math.max(...numbers.map(numberValue)));
  });
});

describe('issuing checkout invoices concurrently', () => {
  const stores = () => createBillingStores(h.eventStore);
  const settlement = () => createSettlement({ pool: h.pool, stores: stores(), now: () => new Date() });

  async function pendingPayment(): Promise<{ paymentId: string; providerPaymentId: string }> {
    const paymentId = uuidv7();
    const providerPaymentId = `pi_sandbox_${paymentId.replaceAll('-', '')}`;
    await stores().payments.handle(
      paymentId,
      {
        type: 'CreatePayment',
        data: {
          paymentId,
          userId: uuidv7(),
          tenantId: null,
          productId: uuidv7(),
          plan: 'professional',
          kind: 'checkout',
          amountCents: 34_900,
          currency: 'usd',
          provider: 'sandbox',
          providerPaymentId,
          providerCustomerId: 'cus_sandbox_x',
        },
        metadata: { now: new Date().toISOString() },
      },
      { metadata: {} },
    );
    return { paymentId, providerPaymentId };
  }

  const success = (providerPaymentId: string) =>
    ({ status: 'succeeded', providerPaymentId, paymentMethodId: null, card: null }) as const;

  it('gives every payment its own number', async () => {
    const payments = await Promise.all(Array.from({ length: 12 }, pendingPayment));
    const service = settlement();
    await Promise.all(
      payments.map(({ paymentId, providerPaymentId }) =>
        service.settle(paymentId, success(providerPaymentId), { metadata: {} }),
      ),
    );
    await viewsSettled(h);
    const { rows } = await h.pool.query<{ number: string }>(
      'SELECT number FROM invoices WHERE payment_id = ANY($1::uuid[])',
      [payments.map((payment) => payment.paymentId)],
    );
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row.number)).size).toBe(12);
  });

  it('issues one invoice when the same success is settled several times at once', async () => {
    const { paymentId, providerPaymentId } = await pendingPayment();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => settlement().settle(paymentId, success(providerPaymentId), { metadata: {} })),
    );
    const invoiceId = checkoutInvoiceId(paymentId);
    expect(results.map((result) => result.status === 'succeeded' && result.invoiceId)).toEqual(
      Array(5).fill(invoiceId),
    );
    const { events } = await h.eventStore.readStream(`billing_invoice-${invoiceId}`);
    expect(events.map((event) => event.type)).toEqual(['InvoiceIssued', 'InvoicePaid']);
    const payment = await h.eventStore.readStream(streamOf(payments, paymentId));
    expect(payment.events.map((event) => event.type)).toEqual(['PaymentCreated', 'PaymentSucceeded']);
  });
});
