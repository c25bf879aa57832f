import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, testPolicy, viewsSettled } from '../support/billing-harness.js';
import { cardOnFile, confirmCardSetup, replaceCard } from '../support/card-on-file.js';
import { checkoutAndStart, renewalRunner, testClock } from '../support/renewals.js';
import { billingEvents, newBuyer, problemOf, type Buyer } from '../support/requests.js';

/**
 * Replacing the card on file (issue 19), on the injected clock: a card saved with the Sandbox's own form is the
 * one the next renewal charges; a 3-D Secure card is saved with the customer present; a declined card leaves the
 * old one on file. The checkout routes, the Sandbox and the renewal runner all read the one clock.
 */
const clock = testClock('2026-01-31T09:00:00.000Z');
const h = startedForFile(async () =>
  startBilling({ now: clock.now, provider: (pool) => createSandboxProvider({ pool, now: clock.now }) }),
);
const visa = '4242 4242 4242 4242';
const mastercard = '5555 5555 5555 4444';
const noRetries = { ...testPolicy, retryAfterDays: [] };

/** The renewal charges of a buyer's invoices, oldest first: the card's last four paid, or the decline's words. */
async function renewalCharges(buyer: Buyer) {
  await viewsSettled(h);
  const { rows } = await h.pool.query<{
    status: string;
    card_last4: string | null;
    last_failure_message: string | null;
  }>(
    `SELECT status, card_last4, last_failure_message FROM payments
     WHERE user_id = $1 AND kind = 'renewal' ORDER BY created_at`,
    [buyer.userId],
  );
  return rows.map((row) => `${row.status} ${row.card_last4 ?? row.last_failure_message ?? '-'}`);
}

/** A buyer who paid 4242 at checkout on Jan 31, whose subscription first renews on Feb 28. */
async function customerWithVisa() {
  clock.set('2026-01-31T09:00:00.000Z');
  const product = await addProduct(h.pool, { basePriceCents: 34_900 });
  const buyer = await newBuyer();
  await checkoutAndStart(h, clock.now, { buyer, product, card: visa });
  await viewsSettled(h);
  return buyer;
}

async function renewOnTheAnniversary() {
  clock.set('2026-02-28T09:00:00.000Z');
  await renewalRunner(h, clock.now, { policy: noRetries }).runner.tick();
}

describe('replacing the card on file', () => {
  it('charges the next renewal to the new card', async () => {
    const buyer = await customerWithVisa();
    expect(await cardOnFile(h, buyer)).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 },
      nextRenewalAt: '2026-02-28T09:00:00.000Z',
      expiresBeforeNextRenewal: false,
    });

    clock.set('2026-02-10T12:00:00.000Z');
    const { confirmed } = await replaceCard(h, buyer, mastercard);
    expect(confirmed.json()).toEqual({ status: 'succeeded' });
    expect((await cardOnFile(h, buyer)).card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2031,
    });

    await renewOnTheAnniversary();
    expect(await renewalCharges(buyer)).toEqual(['succeeded 4444']);
  });

  it('saves a 3-D Secure card with the customer present; 3155 then pays off-session, 3184 asks again', async () => {
    const onceAuthenticated = await customerWithVisa();
    clock.set('2026-02-10T12:00:00.000Z');
    expect((await replaceCard(h, onceAuthenticated, '4000 0025 0000 3155')).confirmed.statusCode).toBe(200);
    const alwaysAuthenticates = await customerWithVisa();
    clock.set('2026-02-10T12:00:00.000Z');
    expect((await replaceCard(h, alwaysAuthenticates, '4000 0027 6000 3184')).confirmed.statusCode).toBe(200);

    await renewOnTheAnniversary();
    expect(await renewalCharges(onceAuthenticated)).toEqual(['succeeded 3155']);
    expect(await renewalCharges(alwaysAuthenticates)).toEqual([
      'failed Your card was declined. This transaction requires authentication.',
    ]);
  });

  it('keeps the old card when the new one is declined, and takes another card on the same setup', async () => {
    const buyer = await customerWithVisa();
    clock.set('2026-02-10T12:00:00.000Z');
    const { setupId, clientSecret, confirmed } = await replaceCard(h, buyer, '4000 0000 0000 0002');
    expect(confirmed.statusCode).toBe(402);
    expect(problemOf(confirmed)).toMatchObject({
      type: 'urn:problem:card-error:card_declined',
      detail: 'Your card was declined.',
    });
    expect((await cardOnFile(h, buyer)).card).toMatchObject({ brand: 'visa', last4: '4242' });
    const failed = (await billingEvents(h)).filter((event) => event.data.setupId === setupId);
    expect(failed.map((event) => event.type)).toEqual(['CardSetupStarted', 'CardSetupFailed']);

    await renewOnTheAnniversary();
    expect(await renewalCharges(buyer)).toEqual(['succeeded 4242']);

    expect((await confirmCardSetup(h, buyer, clientSecret, mastercard)).statusCode).toBe(200);
    expect((await cardOnFile(h, buyer)).card).toMatchObject({ last4: '4444' });
  });

  it('warns when the card on file runs out before the next renewal', async () => {
    const buyer = await customerWithVisa();
    const expiring = { number: visa, expMonth: 2, expYear: 2026, cvc: '123' };
    const started = await h.app.inject({
      method: 'POST',
      url: '/api/billing/payment-method/setups',
      headers: buyer.headers,
    });
    const { clientSecret } = started.json<{ clientSecret: string }>();
    clock.set('2026-02-10T12:00:00.000Z');
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/confirm-setup',
      headers: buyer.headers,
      payload: { clientSecret, card: expiring },
    });
    expect(confirmed.statusCode).toBe(200);
    // Good through February 28: the renewal at 09:00 that day is still inside it.
    expect(await cardOnFile(h, buyer)).toMatchObject({
      card: { expMonth: 2, expYear: 2026 },
      expiresBeforeNextRenewal: false,
    });
    clock.set('2026-03-01T00:00:00.000Z');
    expect(await cardOnFile(h, buyer)).toMatchObject({
      nextRenewalAt: '2026-03-31T09:00:00.000Z',
      expiresBeforeNextRenewal: true,
    });
  });
});
