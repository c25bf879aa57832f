import type { ProblemDetails } from '@app/service-kit';
import { identityHeaders } from '@app/service-kit/testing';
import { v7 as uuidv7 } from 'uuid';
import type { BillingHarness } from './billing-harness.js';

export interface Buyer {
  userId: string;
  headers: Awaited<ReturnType<typeof identityHeaders>>;
}

export async function newBuyer(): Promise<Buyer> {
  const userId = uuidv7();
  return { userId, headers: await identityHeaders('tenant', undefined, { userId }) };
}

/** Stripe's public test numbers: they stand for no real card. */
export const testCards = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const card = (number: string = testCards.visa) => ({
  number,
  expMonth: 12,
  expYear: 2031,
  cvc: '123',
});

export function createIntent(h: BillingHarness, buyer: Buyer, payload: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: buyer.headers,
    payload,
  });
}

export async function clientSecretFor(h: BillingHarness, buyer: Buyer, productId: string, amount: number) {
  const response = await createIntent(h, buyer, { productId, amount });
  if (response.statusCode !== 200) throw new Error(`intent failed: ${response.statusCode} ${response.body}`);
  return response.json<{ clientSecret: string }>().clientSecret;
}

export function confirm(h: BillingHarness, buyer: Buyer, clientSecret: string, number?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/billing/sandbox/confirm',
    headers: buyer.headers,
    payload: { clientSecret, card: card(number) },
  });
}

export async function invoicesOf(h: BillingHarness, buyer: Buyer) {
  const response = await h.app.inject({ method: 'GET', url: '/api/invoices', headers: buyer.headers });
  if (response.statusCode !== 200) throw new Error(`invoices failed: ${response.statusCode}`);
  return response.json<Array<Record<string, unknown>>>();
}

export const problemOf = (response: { json: () => unknown }) => response.json() as ProblemDetails;

export { uuidv7 };

/** Every event of billing's categories, oldest first, as type and data. */
export async function billingEvents(h: BillingHarness) {
  const { rows } = await h.pool.query<{ stream_name: string; type: string; data: Record<string, unknown> }>(
    `SELECT stream_name, type, data FROM eventstore.events ORDER BY global_position`,
  );
  return rows;
}
