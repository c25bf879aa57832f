import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createBillingStores } from '../../src/application/billing-stores.js';
import type { PaymentOutcome } from '../../src/payments/payment-provider.js';
import { startBilling, viewsSettled } from '../support/billing-harness.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(startBilling);

const options = { metadata: { actorId: 'test' } };

describe('payers: the card renewals charge', () => {
  it('is the card the latest checkout saved; a payment that saved none, or a renewal, never replaces it', async () => {
    const stores = createBillingStores(h.eventStore);
    const userId = uuidv7();
    const productId = uuidv7();
    await stores.customers.handle(
      userId,
      {
        type: 'CreateCustomer',
        data: { userId, provider: 'sandbox', providerCustomerId: 'cus_sandbox_payer' },
        metadata: { now: '2026-03-01T00:00:00.000Z' },
      },
      options,
    );
    const checkout = async (paymentMethodId: string | null, now: string) => {
      const paymentId = uuidv7();
      const providerPaymentId = `pi_sandbox_${paymentId.replaceAll('-', '')}`;
      const facts = {
        paymentId,
        userId,
        tenantId: null,
        productId,
        plan: 'professional' as const,
        kind: 'checkout' as const,
        amountCents: 4_900,
        currency: 'usd' as const,
        provider: 'sandbox' as const,
        providerPaymentId,
        providerCustomerId: 'cus_sandbox_payer',
      };
      await stores.payments.handle(
        paymentId,
        { type: 'CreatePayment', data: facts, metadata: { now } },
        options,
      );
      const card = { brand: 'visa', last4: paymentMethodId === null ? '1111' : '4242' };
      await stores.payments.handle(
        paymentId,
        {
          type: 'RecordPaymentSuccess',
          data: { paymentId, providerPaymentId, paymentMethodId, card },
          metadata: { now },
        },
        options,
      );
    };
    const renewal = async (paymentMethodId: string, now: string) => {
      const outcome: PaymentOutcome = {
        status: 'succeeded',
        providerPaymentId: `pi_sandbox_r${Date.parse(now)}`,
        paymentMethodId,
        card: { brand: 'visa', last4: '0000', expMonth: 1, expYear: 2030 },
      };
      const paymentId = uuidv7();
      await stores.payments.handle(
        paymentId,
        {
          type: 'RecordOffSessionCharge',
          data: {
            kind: 'renewal',
            paymentId,
            invoiceId: uuidv7(),
            userId,
            tenantId: null,
            productId,
            plan: 'professional',
            amountCents: 4_900,
            currency: 'usd',
            provider: 'sandbox',
            providerCustomerId: 'cus_sandbox_payer',
            outcome,
          },
          metadata: { now },
        },
        options,
      );
    };
    const payer = async () => {
      await viewsSettled(h);
      const { rows } = await h.pool.query(
        'SELECT provider_customer_id, payment_method_id, card_last4 FROM payers WHERE user_id = $1',
        [userId],
      );
      return rows;
    };

    expect(await payer()).toEqual([
      { provider_customer_id: 'cus_sandbox_payer', payment_method_id: null, card_last4: null },
    ]);
    await checkout('pm_sandbox_first', '2026-03-01T00:01:00.000Z');
    const first = [
      {
        provider_customer_id: 'cus_sandbox_payer',
        payment_method_id: 'pm_sandbox_first',
        card_last4: '4242',
      },
    ];
    expect(await payer()).toEqual(first);
    await checkout(null, '2026-03-02T00:00:00.000Z');
    await renewal('pm_sandbox_other', '2026-03-03T00:00:00.000Z');
    expect(await payer()).toEqual(first);
    await checkout('pm_sandbox_second', '2026-03-04T00:00:00.000Z');
    expect((await payer())[0]).toMatchObject({ payment_method_id: 'pm_sandbox_second' });
  });
});
