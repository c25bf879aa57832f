import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { beforeEach } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import type { PaymentMetadata } from '../../../src/payments/payment-provider.js';
import {
  createStripeProvider,
  type StripeApiBase,
  type StripeProvider,
} from '../../../src/payments/stripe/stripe-provider.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body (or query) as Stripe's API reads it: `metadata[paymentId]`, `expand[0]`, … */
  form: Record<string, string>;
}

export interface Reply {
  status: number;
  body: unknown;
}

export interface FakeStripe {
  apiBase: StripeApiBase;
  requests: RecordedRequest[];
  /** How the next requests are answered; unanswered requests get a 500 that names them. */
  answer(handler: (request: RecordedRequest) => Reply): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for api.stripe.com: the real `stripe` library talks to it over plain HTTP, so
 * the tests see exactly what the adapter sends and answer with Stripe-shaped JSON.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let handler: ((request: RecordedRequest) => Reply) | null = null;
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake-stripe');
      const body = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(body || url.search));
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        headers: incoming.headers,
        form,
      };
      requests.push(request);
      const reply = handler?.(request) ?? {
        status: 500,
        body: { error: { type: 'api_error', message: `unexpected ${request.method} ${request.path}` } },
      };
      outgoing.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      outgoing.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    answer(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The keys the adapter is made with unless a test gives its own. */
export const adapterKeys = {
  secretKey: 'sk_test_adapter',
  publishableKey: 'pk_test_adapter',
  webhookSecret: 'whsec_adapter',
};

/**
 * The Stripe adapter (`adapter`) talking to a stand-in (`fake`) made before the file's tests and closed after them;
 * the requests of one test are forgotten before the next.
 */
export function stripeAdapterForFile(keys: typeof adapterKeys = adapterKeys) {
  const stripe = startedForFile(async () => {
    const fake = await startFakeStripe();
    const adapter: StripeProvider = createStripeProvider({ ...keys, apiBase: fake.apiBase });
    return { fake, adapter, close: () => fake.close() };
  });
  beforeEach(() => {
    stripe.fake.requests.length = 0;
  });
  return stripe;
}

/** The metadata billing gives a payment, with every field set. */
export const paymentMetadata: PaymentMetadata = {
  paymentId: '0190a0a0-0000-7000-8000-000000000001',
  productId: '0190a0a0-0000-7000-8000-000000000002',
  userId: '0190a0a0-0000-7000-8000-000000000003',
  tenantId: '0190a0a0-0000-7000-8000-000000000004',
};

/** A card declined by the issuer, as a PaymentIntent's `last_payment_error` or a 402's `error` says it. */
export function cardDeclined(declineCode: string, message: string): Record<string, unknown> {
  return { type: 'card_error', code: 'card_declined', decline_code: declineCode, message };
}

/** Stripe's answer to a request naming something it does not have (`param`), with its words. */
export function resourceMissing(status: number, param: string, message: string): Reply {
  return {
    status,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', param, message } },
  };
}

/** A PaymentIntent as Stripe's API returns it, with the fields the adapter reads. */
export function stripeIntent(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'pi_3Test',
    object: 'payment_intent',
    amount: 4999,
    currency: 'usd',
    status: 'requires_payment_method',
    client_secret: 'pi_3Test_secret_Abc123',
    customer: 'cus_Test',
    metadata: {},
    payment_method: null,
    setup_future_usage: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    ...fields,
  };
}

export function stripeCardMethod(id: string, brand: string, last4: string): Record<string, unknown> {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer: 'cus_Test',
    card: { brand, last4, exp_month: 12, exp_year: 2030, funding: 'credit', country: 'US' },
    livemode: false,
  };
}

/** A Stripe event as its webhooks send it, around one PaymentIntent (or other object). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${uuidv7().replaceAll('-', '')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** The Stripe-Signature header, made with the library's own test helper. */
export const signStripe = (payload: string, secret: string, timestamp?: number): string =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
