import { identityHeaders } from '@app/service-kit/testing';
import { badInputDriver } from '@app/test-support/bad-input';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { card, clientSecretFor, newBuyer, type Buyer } from '../support/requests.js';

const h = startedForFile(startBilling);
let buyer: Buyer;
let productId: string;
let clientSecret: string;
beforeAll(async () => {
  buyer = await newBuyer();
  productId = (await addProduct(h.pool, { basePriceCents: 34_900 })).productId;
  clientSecret = await clientSecretFor(h, buyer, productId, 349);
});

const intentUrl = '/api/create-payment-intent';
const confirmUrl = '/api/billing/sandbox/confirm';

const { expectRefused, expectRefusedRequest } = badInputDriver({
  service: () => h,
  headersFor: async () => buyer.headers,
});

const validIntent = () => ({ productId, amount: 349 });
const validConfirm = () => ({ clientSecret, card: card() });

describe('bad input on every billing route changes nothing', () => {
  it.each([
    ['no amount', { productId }, 'Amount must be a number of dollars'],
    ['amount as text', { productId, amount: '349' }, 'Amount must be a number of dollars'],
    ['a negative amount', { productId, amount: -349 }, 'Amount must be positive'],
    ['three decimals', { productId, amount: 3.491 }, 'Amount can have at most 2 decimal places'],
    ['no product', { amount: 349 }, undefined],
    ['a product id that is not a UUID', { productId: 'p-1', amount: 349 }, 'Must be a valid id (a UUID)'],
    ['an unknown field', { productId, amount: 349, tenantId: productId }, undefined],
  ])('create-payment-intent with %s → 400', async (_label, payload, detail) => {
    await expectRefused('POST', intentUrl, payload, { status: 400, detail });
  });

  // Tables are built before beforeAll runs, so each payload is made from the client secret when it runs.
  it.each([
    ['no card', (secret: string) => ({ clientSecret: secret }), undefined],
    [
      'a card number with letters',
      (secret: string) => ({ clientSecret: secret, card: { ...card(), number: '4242-4242' } }),
      'Card number must be digits',
    ],
    [
      'a card number as a number',
      (secret: string) => ({ clientSecret: secret, card: { ...card(), number: 4242424242424242 } }),
      'Card number must be text',
    ],
    [
      'an expiry month as text',
      (secret: string) => ({ clientSecret: secret, card: { ...card(), expMonth: '12' } }),
      'Expiry month must be a number',
    ],
    [
      'a CVC with letters',
      (secret: string) => ({ clientSecret: secret, card: { ...card(), cvc: '12a' } }),
      'CVC must be digits',
    ],
    [
      'an unknown card field',
      (secret: string) => ({ clientSecret: secret, card: { ...card(), name: 'Ada' } }),
      undefined,
    ],
    ['no client secret', () => ({ card: card() }), 'clientSecret is required'],
  ])('sandbox confirm with %s → 400', async (_label, payload, detail) => {
    await expectRefused('POST', confirmUrl, payload(clientSecret), { status: 400, detail });
  });

  it('a client secret the Sandbox never issued → 404, another buyer’s → 404', async () => {
    const notIssued = { ...validConfirm(), clientSecret: 'pi_sandbox_nope_secret_x' };
    await expectRefused('POST', confirmUrl, notIssued, { status: 404 });
    await expectRefused(
      'POST',
      confirmUrl,
      { ...validConfirm(), clientSecret: 'not a secret' },
      { status: 404 },
    );
    const stranger = await newBuyer();
    await expectRefusedRequest(
      () =>
        h.app.inject({ method: 'POST', url: confirmUrl, headers: stranger.headers, payload: validConfirm() }),
      { status: 404, detail: 'Payment not found' },
    );
  });

  it('a right intent with a wrong secret → 400 in Stripe’s words', async () => {
    const forged = `${clientSecret.split('_secret_')[0]}_secret_0123456789abcdef`;
    await expectRefused(
      'POST',
      confirmUrl,
      { ...validConfirm(), clientSecret: forged },
      {
        status: 400,
        detail:
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      },
    );
  });

  it('malformed JSON → 400, a body that is not JSON → 415, a huge body → 413, on both routes', async () => {
    for (const url of [intentUrl, confirmUrl]) {
      await expectRefused('POST', url, '{"productId": ', { status: 400 });
      await expectRefused('POST', url, 'amount=349', { status: 415, contentType: 'text/plain' });
      await expectRefused(
        'POST',
        url,
        { ...validIntent(), pad: 'x'.repeat(2 * 1024 * 1024) },
        { status: 413 },
      );
    }
  });

  it('no identity → 401 on the signed-in routes', async () => {
    for (const [url, payload] of [
      [intentUrl, validIntent()],
      [confirmUrl, validConfirm()],
    ] as const) {
      await expectRefusedRequest(() => h.app.inject({ method: 'POST', url, payload }), { status: 401 });
    }
    await expectRefusedRequest(() => h.app.inject({ method: 'GET', url: '/api/invoices' }), { status: 401 });
  });

  it('an identity without an email cannot start a checkout', async () => {
    const headers = await identityHeaders('tenant', undefined, { email: undefined });
    await expectRefusedRequest(
      () => h.app.inject({ method: 'POST', url: intentUrl, headers, payload: validIntent() }),
      { status: 422, detail: 'Your account has no email address. Please sign in again.' },
    );
  });

  it('the same Idempotency-Key with another body → 422', async () => {
    const headers = { ...buyer.headers, 'idempotency-key': `reuse-${buyer.userId}` };
    const first = await h.app.inject({ method: 'POST', url: intentUrl, headers, payload: validIntent() });
    expect(first.statusCode).toBe(200);
    await expectRefusedRequest(
      () =>
        h.app.inject({ method: 'POST', url: intentUrl, headers, payload: { ...validIntent(), amount: 350 } }),
      { status: 422 },
    );
  });
});
