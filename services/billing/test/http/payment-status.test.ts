import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { addProduct, startBilling } from '../support/billing-harness.js';
import {
  billingEvents,
  clientSecretFor,
  confirm,
  newBuyer,
  problemOf,
  testCards,
  type Buyer,
} from '../support/requests.js';

const h = startedForFile(startBilling);

function statusOf(buyer: Buyer, paymentIntentId: string) {
  return h.app.inject({
    method: 'GET',
    url: `/api/billing/payments/${encodeURIComponent(paymentIntentId)}`,
    headers: buyer.headers,
  });
}

/** A checkout started by `buyer`: its client secret and the provider's payment intent id billing recorded. */
async function startedCheckout(buyer: Buyer) {
  const product = await addProduct(h.pool, { basePriceCents: 2_500 });
  const clientSecret = await clientSecretFor(h, buyer, product.productId, 25);
  const created = (await billingEvents(h))
    .filter((row) => row.type === 'PaymentCreated' && row.data.userId === buyer.userId)
    .at(-1);
  return { clientSecret, paymentIntentId: String(created?.data.providerPaymentId) };
}

describe('GET /api/billing/payments/:paymentIntentId', () => {
  it('answers pending until the payment is confirmed, then succeeded', async () => {
    const buyer = await newBuyer();
    const { clientSecret, paymentIntentId } = await startedCheckout(buyer);

    const before = await statusOf(buyer, paymentIntentId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'pending' });

    expect((await confirm(h, buyer, clientSecret)).statusCode).toBe(200);
    const after = await statusOf(buyer, paymentIntentId);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'succeeded' });
  });

  it('stays pending after a declined card: a checkout may be retried with another card', async () => {
    const buyer = await newBuyer();
    const { clientSecret, paymentIntentId } = await startedCheckout(buyer);
    expect((await confirm(h, buyer, clientSecret, testCards.declined)).statusCode).toBe(402);
    expect((await statusOf(buyer, paymentIntentId)).json()).toEqual({ status: 'pending' });
  });

  it("answers 404 for another buyer's payment, as for an unknown one", async () => {
    const owner = await newBuyer();
    const { paymentIntentId } = await startedCheckout(owner);
    const stranger = await newBuyer();

    const foreign = await statusOf(stranger, paymentIntentId);
    expect(foreign.statusCode).toBe(404);
    // The type every other service's 404 of a missing thing has.
    expect(problemOf(foreign)).toMatchObject({ type: 'urn:problem:not-found', detail: 'Payment not found.' });

    const unknown = await statusOf(owner, 'pi_sandbox_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown)).toMatchObject({ type: 'urn:problem:not-found', detail: 'Payment not found.' });
  });

  it('answers 401 without a signed-in caller', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await startedCheckout(buyer);
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/billing/payments/${encodeURIComponent(paymentIntentId)}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
