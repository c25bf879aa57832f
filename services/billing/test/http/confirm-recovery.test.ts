import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import {
  billingEvents,
  card,
  clientSecretFor,
  confirm,
  invoicesOf,
  newBuyer,
  problemOf,
  testCards,
} from '../support/requests.js';

const h = startedForFile(startBilling);
/** The Sandbox as billing's checkout calls it, on billing's database. */
const sandbox = () => createSandboxProvider({ pool: h.pool });

describe('a confirmation billing did not get to record', () => {
  it('is completed by the customer’s retry: the success is read back from the Sandbox and settled', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999 });
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 49.99);
    // The Sandbox confirms and saves the card; billing stops before recording PaymentSucceeded.
    await sandbox().confirmPayment({ clientSecret, card: card(testCards.visa) });
    expect((await billingEvents(h)).map((event) => event.type)).not.toContain('PaymentSucceeded');

    const retried = await confirm(h, buyer, clientSecret);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'succeeded' });
    expect(await invoicesOf(h, buyer)).toMatchObject([{ amount: 49.99, status: 'paid' }]);
    const succeeded = (await billingEvents(h)).filter((event) => event.type === 'PaymentSucceeded');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]?.data).toMatchObject({
      userId: buyer.userId,
      paymentMethodId: expect.stringMatching(/^pm_sandbox_/),
      card: { brand: 'visa', last4: '4242' },
    });
    await viewsSettled(h);
    const { rows } = await h.pool.query('SELECT payment_method_id FROM payers WHERE user_id = $1', [
      buyer.userId,
    ]);
    expect(rows).toEqual([{ payment_method_id: succeeded[0]?.data.paymentMethodId }]);

    // And again: answered as before, nothing added.
    expect((await confirm(h, buyer, clientSecret)).statusCode).toBe(200);
    expect((await billingEvents(h)).filter((event) => event.type === 'PaymentSucceeded')).toHaveLength(1);
  });

  it('still refuses a wrong client secret for the same payment', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 4_999 });
    const buyer = await newBuyer();
    const clientSecret = await clientSecretFor(h, buyer, product.productId, 49.99);
    await sandbox().confirmPayment({ clientSecret, card: card(testCards.visa) });
    const forged = `${clientSecret.split('_secret_')[0]}_secret_0000`;
    const response = await confirm(h, buyer, forged);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).detail).toBe(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
    );
    expect(await invoicesOf(h, buyer)).toEqual([]);
  });
});
