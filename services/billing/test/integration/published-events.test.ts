import { describe, expect, it } from 'vitest';
import {
  billingCheckoutCompletedV1,
  billingCustomerCreatedV1,
  billingIntegrationEventSchema,
  billingInvoicePaidV1,
  billingInvoicePaymentFailedV1,
  billingSubjects,
} from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withRelay } from '@app/test-support/nats';
import { recordedEvent } from '@app/test-support/recorded-event';
import { startedForFile } from '@app/test-support/started-for-file';
import { toIntegrationEvent } from '../../src/integration/published-events.js';
import { service } from '../../src/service.js';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { clientSecretFor, confirm, invoicesOf, newBuyer, testCards } from '../support/requests.js';

const h = startedForFile(async () => withRelay(await startBilling(), service));

describe('what billing publishes', () => {
  it('a checkout paid after a decline: customer, checkout and paid invoice, in the contracts’ shapes', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 34_900 });
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 349);
    expect((await confirm(h, buyer, clientSecret, testCards.declined)).statusCode).toBe(402);
    expect((await confirm(h, buyer, clientSecret)).statusCode).toBe(200);
    await eventually(() =>
      h.nats.messages.some((message) => message.subject === billingSubjects.invoicePaid),
    );

    expect(h.nats.messages.map((message) => message.subject)).toEqual([
      billingSubjects.customerCreated,
      billingSubjects.checkoutCompleted,
      billingSubjects.invoicePaid,
    ]);
    const [customer, checkout, invoice] = h.nats.messages.map((message) =>
      billingIntegrationEventSchema.parse(JSON.parse(message.text)),
    );
    const { rows } = await h.pool.query<{ id: string; provider_payment_id: string }>(
      'SELECT id, provider_payment_id FROM payments WHERE user_id = $1',
      [buyer.userId],
    );
    const paymentId = rows[0]?.id;
    const [paid] = await invoicesOf(h, buyer);

    expect(billingCustomerCreatedV1.parse(customer).data).toEqual({
      userId: buyer.userId,
      provider: 'sandbox',
      providerCustomerId: expect.stringMatching(/^cus_sandbox_/),
      createdAt: expect.any(String),
    });
    expect(billingCheckoutCompletedV1.parse(checkout).data).toEqual({
      paymentId,
      userId: buyer.userId,
      tenantId: null,
      productId: product.productId,
      plan: 'professional',
      amountCents: 34_900,
      currency: 'usd',
      completedAt: expect.any(String),
    });
    expect(billingInvoicePaidV1.parse(invoice).data).toEqual({
      invoiceId: paid?.id,
      number: paid?.invoiceNumber,
      userId: buyer.userId,
      tenantId: null,
      subscriptionId: null,
      productId: product.productId,
      amountCents: 34_900,
      currency: 'usd',
      periodStart: paid?.periodStart,
      periodEnd: paid?.periodEnd,
      paidAt: expect.any(String),
    });
    // Each message is the stored event it came from: its id is the Nats-Msg-Id JetStream deduplicates on.
    const { events } = await h.eventStore.readStream(`billing_payment-${paymentId}`);
    expect(checkout?.id).toBe(events.find((event) => event.type === 'PaymentSucceeded')?.id);
  });

  it('an invoice paid before its payment carried the period: billing.invoice.paid.v1 without one', () => {
    const invoiceId = '0196f2a0-0000-7000-8000-0000000000f1';
    const at = '2026-11-21T10:00:00.000Z';
    const data = {
      invoiceId,
      number: 'INV-000042',
      userId: '0196f2a0-0000-7000-8000-0000000000c1',
      tenantId: null,
      subscriptionId: null,
      productId: '0196f2a0-0000-7000-8000-0000000000e1',
      paymentId: '0196f2a0-0000-7000-8000-0000000000b1',
      amountCents: 34_900,
      currency: 'usd',
      paidAt: at,
    };
    const stored = recordedEvent(
      { type: 'InvoicePaid', data },
      { streamName: `billing_invoice-${invoiceId}`, revision: 1, at },
    );

    const { paymentId: _payment, ...published } = data;
    expect(billingInvoicePaidV1.parse(toIntegrationEvent(stored)).data).toEqual(published);
  });

  describe('a declined renewal charge', () => {
    const invoiceId = '0196f2a0-0000-7000-8000-0000000000f2';
    const failure = {
      invoiceId,
      attempt: 2,
      paymentId: '0196f2a0-0000-7000-8000-0000000000b2',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      failedAt: '2026-03-01T10:00:00.000Z',
      nextAttemptAt: '2026-03-03T10:00:00.000Z',
    };
    const invoice = {
      number: 'INV-000007',
      userId: '0196f2a0-0000-7000-8000-0000000000c1',
      tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
      subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
      productId: '0196f2a0-0000-7000-8000-0000000000e1',
      amountCents: 34_900,
      currency: 'usd',
    };
    const stored = (data: object) =>
      recordedEvent(
        { type: 'InvoicePaymentFailed', data },
        { streamName: `billing_invoice-${invoiceId}`, revision: 4, at: failure.failedAt },
      );

    it('is billing.invoice.payment-failed.v1: the invoice, the issuer’s words, the next retry; not the payment', () => {
      const published = toIntegrationEvent(stored({ ...failure, invoice, dunning: 'retry-scheduled' }));

      expect(billingInvoicePaymentFailedV1.parse(published).data).toEqual({
        invoiceId,
        ...invoice,
        attempt: 2,
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        failedAt: '2026-03-01T10:00:00.000Z',
        nextAttemptAt: '2026-03-03T10:00:00.000Z',
        dunning: 'retry-scheduled',
      });
    });

    it('is not published when stored before failures repeated the invoice', () => {
      expect(toIntegrationEvent(stored(failure))).toBeNull();
    });
  });
});
