import { paymentMethodReplySchema } from '@app/contracts';
import type { BillingHarness } from './billing-harness.js';
import { card, type Buyer } from './requests.js';

/** The buyer's card on file as GET /api/billing/payment-method answers it. */
export async function cardOnFile(h: BillingHarness, buyer: Buyer) {
  const response = await h.app.inject({
    method: 'GET',
    url: '/api/billing/payment-method',
    headers: buyer.headers,
  });
  if (response.statusCode !== 200) throw new Error(`payment method: ${response.statusCode} ${response.body}`);
  return paymentMethodReplySchema.parse(response.json());
}

export function startCardSetup(h: BillingHarness, buyer: Buyer) {
  return h.app.inject({ method: 'POST', url: '/api/billing/payment-method/setups', headers: buyer.headers });
}

export function confirmCardSetup(h: BillingHarness, buyer: Buyer, clientSecret: string, number: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/billing/sandbox/confirm-setup',
    headers: buyer.headers,
    payload: { clientSecret, card: card(number) },
  });
}

/** Replaces the buyer's card with the Sandbox's form: the confirmation's answer (200, or 402 on a decline). */
export async function replaceCard(h: BillingHarness, buyer: Buyer, number: string) {
  const started = await startCardSetup(h, buyer);
  if (started.statusCode !== 200) throw new Error(`setup: ${started.statusCode} ${started.body}`);
  const { setupId, clientSecret } = started.json<{ setupId: string; clientSecret: string }>();
  const confirmed = await confirmCardSetup(h, buyer, clientSecret, number);
  return { setupId, clientSecret, confirmed };
}
