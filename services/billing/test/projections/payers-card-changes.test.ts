import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createBillingStores } from '../../src/application/billing-stores.js';
import type { StoredCard } from '../../src/domain/stored-card.js';
import { startBilling, viewsSettled } from '../support/billing-harness.js';
import { uuidv7 } from '../support/requests.js';

/** payers with card changes (issue 19): the newest saved card wins, whichever way it was saved. */
const h = startedForFile(startBilling);
const options = { metadata: { actorId: 'test' } };

function payer() {
  const stores = createBillingStores(h.eventStore);
  const userId = uuidv7();
  const customerId = `cus_sandbox_${userId.replaceAll('-', '')}`;
  return {
    userId,
    async created() {
      await stores.customers.handle(
        userId,
        {
          type: 'CreateCustomer',
          data: { userId, provider: 'sandbox', providerCustomerId: customerId },
          metadata: { now: '2026-03-01T00:00:00.000Z' },
        },
        options,
      );
    },
    /** A checkout that saved `card` as `paymentMethodId`, confirmed at `now`. */
    async checkout(paymentMethodId: string, card: StoredCard, now: string) {
      const paymentId = uuidv7();
      const providerPaymentId = `pi_sandbox_${paymentId.replaceAll('-', '')}`;
      const data = {
        paymentId,
        userId,
        tenantId: null,
        productId: uuidv7(),
        plan: 'professional' as const,
        kind: 'checkout' as const,
        amountCents: 4_900,
        currency: 'usd' as const,
        provider: 'sandbox' as const,
        providerPaymentId,
        providerCustomerId: customerId,
      };
      await stores.payments.handle(paymentId, { type: 'CreatePayment', data, metadata: { now } }, options);
      await stores.payments.handle(
        paymentId,
        {
          type: 'RecordPaymentSuccess',
          data: { paymentId, providerPaymentId, paymentMethodId, card },
          metadata: { now },
        },
        options,
      );
    },
    /** A card change whose card the provider saved at `now`. */
    async replaced(paymentMethodId: string, last4: string, now: string) {
      const setupId = uuidv7();
      const providerSetupId = `seti_sandbox_${setupId.replaceAll('-', '')}`;
      await stores.customers.handle(
        userId,
        {
          type: 'StartCardSetup',
          data: { setupId, provider: 'sandbox', providerSetupId, providerCustomerId: customerId },
          metadata: { now },
        },
        options,
      );
      const card = { brand: 'mastercard', last4, expMonth: 12, expYear: 2034 };
      await stores.customers.handle(
        userId,
        {
          type: 'RecordCardSetupOutcome',
          data: { setupId, outcome: { status: 'succeeded', providerSetupId, paymentMethodId, card } },
          metadata: { now },
        },
        options,
      );
    },
    async row() {
      await viewsSettled(h);
      const { rows } = await h.pool.query(
        `SELECT payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year FROM payers
         WHERE user_id = $1`,
        [userId],
      );
      return rows[0];
    },
  };
}

describe('payers: the card on file', () => {
  it('has no expiry for a card from a checkout stored before expiries were kept', async () => {
    const casey = payer();
    await casey.created();
    await casey.checkout('pm_old', { brand: 'visa', last4: '4242' }, '2026-03-01T00:01:00.000Z');
    expect(await casey.row()).toEqual({
      payment_method_id: 'pm_old',
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: null,
      card_exp_year: null,
    });
  });

  it('is the replacement card when it was saved after the checkout', async () => {
    const casey = payer();
    await casey.created();
    const visa = { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2027 };
    await casey.checkout('pm_checkout', visa, '2026-03-01T00:01:00.000Z');
    expect(await casey.row()).toMatchObject({ payment_method_id: 'pm_checkout', card_exp_month: 1 });
    await casey.replaced('pm_new', '4444', '2026-03-02T00:00:00.000Z');
    expect(await casey.row()).toEqual({
      payment_method_id: 'pm_new',
      card_brand: 'mastercard',
      card_last4: '4444',
      card_exp_month: 12,
      card_exp_year: 2034,
    });
  });

  it('is a later checkout’s card over an earlier replacement, and never an older checkout’s replayed late', async () => {
    const casey = payer();
    await casey.created();
    await casey.replaced('pm_replacement', '4444', '2026-03-02T00:00:00.000Z');
    const visa = { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2027 };
    await casey.checkout('pm_older', visa, '2026-03-01T00:00:00.000Z');
    expect(await casey.row()).toMatchObject({ payment_method_id: 'pm_replacement', card_last4: '4444' });
    await casey.checkout('pm_newer', visa, '2026-03-03T00:00:00.000Z');
    expect(await casey.row()).toMatchObject({ payment_method_id: 'pm_newer', card_last4: '4242' });
  });
});
