import type { InjectOptions } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingStream } from '@app/contracts';
import type { Relay } from '@app/eventing';
import { createLogger } from '@app/service-kit';
import { startRelayOf } from '@app/service-kit/runtime';
import { uniquePrefix } from '@app/test-support';
import { billingSchema } from '../../src/config.js';
import { service } from '../../src/service.js';
import { addProduct, startBilling, type BillingHarness } from '../support/billing-harness.js';
import { eventually, natsFor } from '../support/nats.js';
import { newBuyer, type Buyer } from '../support/requests.js';

/**
 * Card numbers and CVCs are never stored or logged: the app logs at trace into `logLines`, the relay too, and
 * everything else is the app as service-kit builds it.
 */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

const prefix = uniquePrefix();
let h: BillingHarness;
let nats: Awaited<ReturnType<typeof natsFor>>;
let relay: Relay;

beforeAll(async () => {
  h = await startBilling({ logLevel: 'trace', logStream });
  nats = await natsFor(prefix, 'billing.>');
  relay = await startRelayOf(service, {
    eventStore: h.eventStore,
    pool: h.pool,
    nats: nats.nc,
    prefix,
    logger: createLogger({ level: 'trace', stream: logStream }),
  });
});
afterAll(async () => {
  await relay?.stop();
  await nats?.close([billingStream.name]);
  await h?.close();
});

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

const responses: [string, string][] = [];
async function call(options: InjectOptions & { url: string }) {
  const response = await h.app.inject(options);
  responses.push([`${options.method ?? 'GET'} ${options.url} → ${response.statusCode}`, response.body]);
  return response;
}

async function confirmWith(buyer: Buyer, clientSecret: string, card: Record<string, unknown>) {
  return call({
    method: 'POST',
    url: '/api/billing/sandbox/confirm',
    headers: buyer.headers,
    payload: { clientSecret, card },
  });
}

async function storedText(pool: pg.Pool): Promise<[string, string][]> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [billingSchema],
  );
  const found: [string, string][] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM billing."${name}" t`,
    );
    for (const { row } of rows) found.push([`billing.${name}`, row]);
  }
  const { rows: events } = await pool.query<{ row: string }>(
    `SELECT data::text || ' ' || metadata::text AS row FROM eventstore.events`,
  );
  for (const { row } of events) found.push(['eventstore.events', row]);
  return found;
}

const leaks = (texts: Iterable<[string, string]>, secrets: readonly string[]) =>
  [...texts].flatMap(([where, text]) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${where} contains ${secret}`),
  );

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
    await eventually(() => nats.messages.some((message) => message.subject === 'billing.invoice.paid.v1'));

    const stored = await storedText(h.pool);
    // The scan saw what it should: the approved card's last four, the request lines, the published facts.
    expect(stored.some(([, text]) => text.includes(approved.slice(-4)))).toBe(true);
    expect(logLines.some((line) => line.includes('/api/billing/sandbox/confirm'))).toBe(true);
    expect(nats.messages.map((message) => message.subject)).toContain('billing.checkout.completed.v1');

    const logs = logLines.map((line, index): [string, string] => [`log line ${index}`, line]);
    const published = nats.messages.map(({ subject, text }): [string, string] => [subject, text]);
    for (const texts of [responses, logs, published, stored]) {
      expect(leaks(texts, secrets)).toEqual([]);
      expect(leaks(texts, ['"cvc"', '"number":"4'])).toEqual([]);
    }
    // Not even brand and last four cross to other services.
    expect(leaks(published, [approved.slice(-4), 'visa'])).toEqual([]);
  });

  it('redacts a card form that something logs whole', async () => {
    const number = uniqueCardNumber();
    h.app.log.info({ body: { clientSecret: 'x', card: { number, expMonth: 1, expYear: 2030, cvc: '321' } } });
    const line = logLines.at(-1) ?? '';
    expect(line).not.toContain(number);
    // Parsed, not searched: three digits can turn up anywhere in a line, in its pid or its time.
    expect(JSON.parse(line).body).toEqual({
      clientSecret: '[Redacted]',
      card: { number: '[Redacted]', expMonth: 1, expYear: 2030, cvc: '[Redacted]' },
    });
  });
});
