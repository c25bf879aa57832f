import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { cardSetupNotFound } from '../../src/domain/customer/decide.js';
import { addProduct, countEvents, expectRefusedUnchanged, startBilling } from '../support/billing-harness.js';
import { cardOnFile, confirmCardSetup, replaceCard, startCardSetup } from '../support/card-on-file.js';
import { clientSecretFor, confirm, newBuyer, type Buyer } from '../support/requests.js';

/** The card on file's routes (issue 19): only ever the caller's own card and setups. */
const h = startedForFile(startBilling);
const mastercard = '5555 5555 5555 4444';

function complete(buyer: Buyer, setupId: string) {
  return h.app.inject({
    method: 'POST',
    url: `/api/billing/payment-method/setups/${setupId}/complete`,
    headers: buyer.headers,
  });
}

async function buyerWithCard() {
  const product = await addProduct(h.pool, { basePriceCents: 4_900 });
  const buyer = await newBuyer();
  const confirmed = await confirm(h, buyer, await clientSecretFor(h, buyer, product.productId, 49));
  expect(confirmed.statusCode).toBe(200);
  return buyer;
}

describe('the card on file', () => {
  it('is no card for a customer who has saved none, and needs a signed-in caller', async () => {
    expect(await cardOnFile(h, await newBuyer())).toEqual({
      card: null,
      nextRenewalAt: null,
      expiresBeforeNextRenewal: false,
    });
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/billing/payment-method' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("is each customer's own: one's new card changes nobody else's", async () => {
    const casey = await buyerWithCard();
    const drew = await buyerWithCard();
    await replaceCard(h, casey, mastercard);
    expect((await cardOnFile(h, casey)).card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await cardOnFile(h, drew)).card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it("refuses another customer's setup, by its id or its client secret, and records nothing", async () => {
    const casey = await buyerWithCard();
    const stranger = await buyerWithCard();
    const started = await startCardSetup(h, casey);
    const { setupId, clientSecret } = started.json<{ setupId: string; clientSecret: string }>();

    await expectRefusedUnchanged(await complete(stranger, setupId), {
      status: 404,
      detail: cardSetupNotFound,
      pool: h.pool,
      eventsBefore: await countEvents(h.pool),
    });
    await expectRefusedUnchanged(await confirmCardSetup(h, stranger, clientSecret, mastercard), {
      status: 404,
      detail: cardSetupNotFound,
      pool: h.pool,
      eventsBefore: await countEvents(h.pool),
    });
    expect((await cardOnFile(h, stranger)).card).toMatchObject({ last4: '4242' });
    expect((await cardOnFile(h, casey)).card).toMatchObject({ last4: '4242' });
  });

  it('completes as pending until the card is confirmed, then as succeeded, however often asked', async () => {
    const casey = await buyerWithCard();
    const { setupId, clientSecret } = (await startCardSetup(h, casey)).json<{
      setupId: string;
      clientSecret: string;
    }>();
    expect((await complete(casey, setupId)).json()).toEqual({ status: 'pending', message: null });
    expect((await confirmCardSetup(h, casey, clientSecret, mastercard)).statusCode).toBe(200);
    const events = await countEvents(h.pool);
    for (const _ of [1, 2]) {
      expect((await complete(casey, setupId)).json()).toEqual({ status: 'succeeded', message: null });
    }
    expect(await countEvents(h.pool)).toBe(events);
  });

  it("answers a payment's secret, or any other text, as no setup of the caller's", async () => {
    const casey = await buyerWithCard();
    for (const secret of ['pi_sandbox_abc_secret_def', 'seti_sandbox_abc_secret_def', 'nonsense']) {
      const response = await confirmCardSetup(h, casey, secret, mastercard);
      expect(response.json(), secret).toMatchObject({ status: 404, detail: cardSetupNotFound });
    }
  });
});
