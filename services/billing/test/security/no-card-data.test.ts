import { describe, expect, it } from 'vitest';
import { createLogger } from '@app/service-kit';
import { eventually } from '@app/test-support/eventually';
import { capturedLogs, leaks, recordedCalls, storedText } from '@app/test-support/leak-scan';
import { withRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { billingSchema } from '../../src/config.js';
import { service } from '../../src/service.js';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { newBuyer, type Buyer } from '../support/requests.js';

/**
 * Card numbers and CVCs are never stored or logged: the app logs at trace into `logs`, the relay too, and
 * everything else is the app as service-kit builds it.
 */
const logs = capturedLogs();
const h = startedForFile(async () =>
  withRelay(
    await startBilling({ logLevel: 'trace', logStream: logs.stream }),
    service,
    createLogger({ level: 'trace', stream: logs.stream }),
  ),
);
const { responses, call } = recordedCalls(() => h.app);

/** A card number no other test uses (Luhn-valid, so the Sandbox approves it), to search for without noise. */
function uniqueCardNumber(): string {
  const body = `4${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

async function confirmWith(buyer: Buyer, clientSecret: string, card: Record<string, unknown>) {
  return call({
    method: 'POST',
    url: '/api/billing/sandbox/confirm',
    headers: buyer.headers,
    payload: { clientSecret, card },
  });
}

describe('card data never leaks', () => {
  it('keeps card numbers and CVCs out of responses, logs, NATS, tables and events', async () => {
    const approved = uniqueCardNumber();
    const mistyped = `${approved.slice(0, -1)}${(Number(approved.at(-1)) + 1) % 10}`;
    const numbers = [approved, mistyped, '4000000000009995'];
    const secrets = numbers.flatMap((number) => [number, spaced(number)]);
    const product = await addProduct(h.pool, { basePriceCents: 34_900 });
    const buyer = await newBuyer();
    const intent = await call({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.headers,
      payload: { productId: product.productId, amount: 349 },
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const card = { expMonth: 12, expYear: 2031, cvc: '123' };

    // Refused for its shape, declined, mistyped, tried by a stranger, and finally approved.
    expect(
      (await confirmWith(buyer, clientSecret, { ...card, number: spaced(approved), cvc: '12x' })).statusCode,
    ).toBe(400);
    expect(
      (await confirmWith(buyer, clientSecret, { ...card, number: '4000 0000 0000 9995' })).statusCode,
    ).toBe(402);
    const wrong = await confirmWith(buyer, clientSecret, { ...card, number: mistyped });
    expect([wrong.statusCode, wrong.json<{ detail: string }>().detail]).toEqual([
      402,
      'Your card number is incorrect.',
    ]);
    expect(
      (await confirmWith(await newBuyer(), clientSecret, { ...card, number: approved })).statusCode,
    ).toBe(404);
    expect((await confirmWith(buyer, clientSecret, { ...card, number: spaced(approved) })).statusCode).toBe(
      200,
    );
    await call({ method: 'GET', url: '/api/invoices', headers: buyer.headers });
    await eventually(() => h.nats.messages.some((message) => message.subject === 'billing.invoice.paid.v1'));

    const stored = await storedText(h.pool, billingSchema);
    // The scan saw what it should: the approved card's last four, the request lines, the published facts.
    expect(stored.some(([, text]) => text.includes(approved.slice(-4)))).toBe(true);
    expect(logs.lines.some((line) => line.includes('/api/billing/sandbox/confirm'))).toBe(true);
    expect(h.nats.messages.map((message) => message.subject)).toContain('billing.checkout.completed.v1');

    const published = h.nats.messages.map(({ subject, text }): [string, string] => [subject, text]);
    for (const texts of [responses, logs.labelled(), published, stored]) {
      expect(leaks(texts, secrets)).toEqual([]);
      expect(leaks(texts, ['"cvc"', '"number":"4'])).toEqual([]);
    }
    // Not even brand and last four cross to other services.
    expect(leaks(published, [approved.slice(-4), 'visa'])).toEqual([]);
  });

  it('redacts a card form that something logs whole', async () => {
    const number = uniqueCardNumber();
    h.app.log.info({ body: { clientSecret: 'x', card: { number, expMonth: 1, expYear: 2030, cvc: '321' } } });
    const line = logs.lines.at(-1) ?? '';
    expect(line).not.toContain(number);
    // Parsed, not searched: three digits can turn up anywhere in a line, in its pid or its time.
    expect(JSON.parse(line).body).toEqual({
      clientSecret: '[Redacted]',
      card: { number: '[Redacted]', expMonth: 1, expYear: 2030, cvc: '[Redacted]' },
    });
  });
});
