import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createSsrfGuard, type SsrfGuard } from '@app/outbound';
import { startLocalServer } from '@app/test-support/local-server';
import { deliverWebhook, type DeliveryRequest } from '../../src/webhooks/deliver.js';
import { newEndpointSecret } from '../../src/webhooks/endpoint-secret.js';

type Server = Awaited<ReturnType<typeof startLocalServer>>;
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

let receiver: Server;
let outsider: Server;
const received: Received[] = [];
const outsiderReceived: Received[] = [];
/** Status codes /flaky answers in turn; 200 once they run out. */
const flakyAnswers: number[] = [];

function keep(into: Received[], request: { url: string; headers: Record<string, unknown>; body: unknown }) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  into.push({ path: request.url, headers, body: String(request.body) });
}

beforeAll(async () => {
  receiver = await startLocalServer((server) => {
    // The raw text, as a receiver must verify the bytes it was sent, not a re-serialised object.
    server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    server.post('/hooks', async (request, reply) => {
      keep(received, request);
      return reply.code(204).send();
    });
    server.post('/broken', async (request, reply) => {
      keep(received, request);
      return reply.code(500).send(`Internal error: ${'x'.repeat(2_000)}`);
    });
    server.post('/flaky', async (request, reply) => {
      keep(received, request);
      return reply.code(flakyAnswers.shift() ?? 200).send('ok');
    });
    server.post('/stall', async (request, reply) => {
      keep(received, request);
      reply.raw.writeHead(200);
      return reply;
    });
  });
  outsider = await startLocalServer((server) => {
    server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    server.post('/hooks', async (request) => {
      keep(outsiderReceived, request);
      return { ok: true };
    });
  });
});
afterAll(async () => {
  await receiver?.close();
  await outsider?.close();
});

/** Only the receiver's own port passes the guard, as a local demo app is allow-listed. */
const guard = (): SsrfGuard => createSsrfGuard({ allowHosts: [`127.0.0.1:${receiver.port}`] });
const settings = { timeoutMs: 2_000, excerptBytes: 256 };
const payload = JSON.stringify({
  id: '0196f2a0-0000-7000-8000-0000000000f1',
  type: 'billing.invoice.paid.v1',
  occurredAt: '2026-11-21T10:00:00.000Z',
  data: { invoiceId: '0196f2a0-0000-7000-8000-0000000000f2', amount: 2900 },
});

const request = (path: string, secrets: string[], origin = receiver.origin): DeliveryRequest => ({
  url: `${origin}${path}`,
  messageId: 'msg_0196f2a0-0000-7000-8000-0000000000f1',
  payload,
  secrets,
});

describe('a webhook delivery', () => {
  it('is POSTed with Standard Webhooks headers that the library verifies', async () => {
    const secret = newEndpointSecret();
    const before = received.length;
    const result = await deliverWebhook(request('/hooks', [secret]), {
      guard: guard(),
      settings,
      now: () => new Date(),
    });

    expect(result).toMatchObject({ outcome: 'delivered', status: 204, responseExcerpt: '' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [delivery] = received.slice(before);
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_0196f2a0-0000-7000-8000-0000000000f1',
    });
    expect(delivery?.body).toBe(payload);
    expect(new Webhook(secret).verify(delivery!.body, delivery!.headers)).toEqual(JSON.parse(payload));
    expect(() => new Webhook(newEndpointSecret()).verify(delivery!.body, delivery!.headers)).toThrow(
      'No matching signature found',
    );
  });

  it('during a rotation carries a signature per secret, each verifying on its own', async () => {
    const [current, previous] = [newEndpointSecret(), newEndpointSecret()];
    const before = received.length;
    await deliverWebhook(request('/hooks', [current, previous]), {
      guard: guard(),
      settings,
      now: () => new Date(),
    });

    const [delivery] = received.slice(before);
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current).verify(delivery!.body, delivery!.headers)).toEqual(JSON.parse(payload));
    expect(new Webhook(previous).verify(delivery!.body, delivery!.headers)).toEqual(JSON.parse(payload));
  });

  it('fails on a 500, keeping the status and an excerpt of the answer', async () => {
    const result = await deliverWebhook(request('/broken', [newEndpointSecret()]), {
      guard: guard(),
      settings,
      now: () => new Date(),
    });
    expect(result).toMatchObject({
      outcome: 'failed',
      status: 500,
      failureKind: 'http-status',
      reason: 'The endpoint answered HTTP 500',
    });
    expect(result.responseExcerpt).toBe(`Internal error: ${'x'.repeat(256 - 'Internal error: '.length)}`);
  });

  it('fails at the deadline when the receiver does not finish its answer', async () => {
    const started = performance.now();
    const result = await deliverWebhook(request('/stall', [newEndpointSecret()]), {
      guard: guard(),
      settings: { ...settings, timeoutMs: 300 },
      now: () => new Date(),
    });
    expect(result).toMatchObject({ outcome: 'failed', status: null, failureKind: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it.each([
    ['a loopback address that is not allow-listed', () => outsider.origin],
    ['a private address', () => 'http://10.0.0.5'],
    ['the cloud metadata address', () => 'http://169.254.169.254'],
  ])('is refused for %s, sending nothing', async (_label, origin) => {
    const result = await deliverWebhook(request('/hooks', [newEndpointSecret()], origin()), {
      guard: guard(),
      settings,
      now: () => new Date(),
    });
    expect(result).toMatchObject({ outcome: 'failed', status: null, failureKind: 'refused' });
    expect(outsiderReceived).toEqual([]);
  });
});
