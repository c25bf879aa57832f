import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { cardDeclined, stripeEvent, stripeIntent } from '../payments/stripe/fake-stripe.js';
import { addProduct, viewsSettled } from '../support/billing-harness.js';
import { renewalRunner, testClock } from '../support/renewals.js';
import { billingEvents, invoicesOf, newBuyer } from '../support/requests.js';
import { paidStripeCheckout, startBillingWithStripe } from '../support/stripe.js';

/**
 * Renewals through the Stripe adapter, at its HTTP boundary: the saved card is charged off-session with a key per
 * invoice and attempt, and the webhook Stripe then sends about that charge only repeats what billing recorded.
 */
const clock = testClock('2026-06-15T10:00:00.000Z');
const h = startedForFile(() =>
  startBillingWithStripe(
    {
      secretKey: 'sk_test_renewals',
      publishableKey: 'pk_test_renewals',
      webhookSecret: 'whsec_billing_renewal_tests',
    },
    { now: clock.now },
  ),
);

describe('renewals with Stripe', () => {
  it('charges the saved card off-session once per attempt, and a webhook about the charge adds nothing', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 34_900 });
    const buyer = await newBuyer();
    const { tenantId } = await paidStripeCheckout(
      h,
      buyer,
      { productId: product.productId, basePriceCents: 34_900 },
      '2026-06-15T10:00:01.000Z',
    );

    const renewalIntent = (form: Record<string, string>) =>
      stripeIntent({
        id: 'pi_3Renewal',
        amount: Number(form.amount),
        status: 'succeeded',
        customer: form.customer,
        payment_method: {
          id: form.payment_method,
          object: 'payment_method',
          type: 'card',
          card: { brand: 'mastercard', last4: '4444' },
        },
        metadata: {
          paymentId: form['metadata[paymentId]'],
          productId: form['metadata[productId]'],
          userId: form['metadata[userId]'],
        },
      });
    h.fake.requests.length = 0;
    h.fake.answer((request) => ({ status: 200, body: renewalIntent(request.form) }));
    const { runner, errors } = renewalRunner(h, clock.now, { provider: h.stripe });
    clock.set('2026-07-15T10:00:00.000Z');
    const report = await runner.tick();
    expect(errors).toEqual([]);
    expect(report.paid).toHaveLength(1);
    const [charge] = h.fake.requests;
    const invoiceId = report.paid[0];
    expect(h.fake.requests).toHaveLength(1);
    expect(charge?.headers['idempotency-key']).toBe(`billing-renewal-${invoiceId}-1`);
    expect(charge?.form).toMatchObject({
      amount: '34900',
      currency: 'usd',
      customer: `cus_${buyer.userId.replaceAll('-', '').slice(-12)}`,
      payment_method: 'pm_Card',
      off_session: 'true',
      confirm: 'true',
      'metadata[userId]': buyer.userId,
      'metadata[tenantId]': tenantId,
    });

    const before = (await billingEvents(h)).length;
    const webhook = await h.deliver(
      stripeEvent('payment_intent.succeeded', renewalIntent(charge?.form ?? {})),
    );
    expect([webhook.statusCode, webhook.json()]).toEqual([200, { received: true, result: 'handled' }]);
    expect((await billingEvents(h)).length).toBe(before);
    await viewsSettled(h);
    expect((await invoicesOf(h, buyer)).map((invoice) => [invoice.status, invoice.periodStart])).toEqual([
      ['paid', '2026-07-15T10:00:00.000Z'],
      ['paid', '2026-06-15T10:00:00.000Z'],
    ]);

    // The next month the card is declined: Stripe answers 402 with the intent it made, and a retry is scheduled.
    h.fake.answer(() => ({
      status: 402,
      body: {
        error: {
          ...cardDeclined('insufficient_funds', 'Your card has insufficient funds.'),
          payment_intent: stripeIntent({ id: 'pi_3Declined', status: 'requires_payment_method' }),
        },
      },
    }));
    clock.set('2026-08-15T10:00:00.000Z');
    expect(await runner.tick()).toMatchObject({
      issued: [expect.any(String)],
      declined: [expect.any(String)],
    });
    await viewsSettled(h);
    const { rows } = await h.pool.query(
      `SELECT status, attempts, next_attempt_at, last_failure_message FROM invoices
       WHERE period_start = '2026-08-15T10:00:00Z'`,
    );
    expect(rows).toEqual([
      {
        status: 'pending',
        attempts: 1,
        next_attempt_at: new Date('2026-08-16T10:00:00.000Z'),
        last_failure_message: 'Your card has insufficient funds.',
      },
    ]);
  });
});
