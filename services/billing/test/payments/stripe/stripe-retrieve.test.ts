import { describe, expect, it } from 'vitest';
import { ProviderResourceMissingError } from '../../../src/payments/provider-errors.js';
import {
  adapterKeys,
  cardDeclined,
  resourceMissing,
  stripeAdapterForFile,
  stripeCardMethod,
  stripeIntent,
} from './fake-stripe.js';

const stripe = stripeAdapterForFile();

const answerWith = (intent: Record<string, unknown>) =>
  stripe.fake.answer(() => ({ status: 200, body: stripeIntent({ id: 'pi_3Read', ...intent }) }));

describe('Stripe adapter: reading a payment back', () => {
  it('retrieves the intent with its method expanded, and reports the card it saved for renewals', async () => {
    answerWith({
      status: 'succeeded',
      setup_future_usage: 'off_session',
      payment_method: stripeCardMethod('pm_Saved', 'visa', '4242'),
    });
    expect(await stripe.adapter.retrievePayment('pi_3Read')).toEqual({
      status: 'succeeded',
      providerPaymentId: 'pi_3Read',
      paymentMethodId: 'pm_Saved',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(stripe.fake.requests).toHaveLength(1);
    expect(stripe.fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/pi_3Read',
      form: { 'expand[0]': 'payment_method' },
      headers: { authorization: `Bearer ${adapterKeys.secretKey}` },
    });
  });

  it('names no saved method when the payment saved none', async () => {
    answerWith({ status: 'succeeded', payment_method: stripeCardMethod('pm_Once', 'mastercard', '4444') });
    expect(await stripe.adapter.retrievePayment('pi_3Read')).toMatchObject({
      status: 'succeeded',
      paymentMethodId: null,
      card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
    });
  });

  it('reports a declined intent with Stripe’s code and words, and one still open as pending', async () => {
    answerWith({
      status: 'requires_payment_method',
      last_payment_error: cardDeclined('insufficient_funds', 'Your card has insufficient funds.'),
    });
    expect(await stripe.adapter.retrievePayment('pi_3Read')).toEqual({
      status: 'failed',
      providerPaymentId: 'pi_3Read',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    answerWith({ status: 'requires_payment_method' });
    expect(await stripe.adapter.retrievePayment('pi_3Read')).toEqual({
      status: 'pending',
      providerPaymentId: 'pi_3Read',
    });
  });

  it('refuses an intent Stripe does not know', async () => {
    stripe.fake.answer(() => resourceMissing(404, 'intent', "No such payment_intent: 'pi_Gone'"));
    await expect(stripe.adapter.retrievePayment('pi_Gone')).rejects.toThrow(
      new ProviderResourceMissingError('payment_intent', 'pi_Gone'),
    );
  });
});
