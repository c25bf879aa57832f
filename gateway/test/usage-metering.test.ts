import { randomUUID } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { gatewayStream, gatewayUsageRecordedV1, type GatewayUsageRecordedV1 } from '@app/contracts';
import { ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Authenticator, Caller } from '../src/access.js';
import { buildGateway } from '../src/app.js';
import { createUsageMeter } from '../src/usage/usage-meter.js';
import type { UsageFlusher } from '../src/usage/usage-flusher.js';
import { startUsagePublishing } from '../src/usage/usage-publishing.js';
import { connectGatewayNats } from '../src/user-events.js';
import { closedPortUrl, startEchoUpstream, testConfig } from './support.js';

/** Who calls, from test headers: `x-test-user` (a UUID) and `x-test-role`; no header is a visitor. */
const testAuthenticator: Authenticator = async (request) => {
  const userId = request.headers['x-test-user'];
  const role = request.headers['x-test-role'];
  if (typeof userId !== 'string' || (role !== 'tenant' && role !== 'admin')) return null;
  return { userId, role } satisfies Caller;
};

const prefix = uniquePrefix('gu');
const streamName = `${prefix}_${gatewayStream.name}`;
const warnings: string[] = [];
const logger = {
  warn: (_object: object, message: string) => void warnings.push(message),
  error: (_object: object, message: string) => void warnings.push(message),
};
const meter = createUsageMeter();
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let gateway: FastifyInstance;
let nats: NatsConnection;
let jsm: JetStreamManager;
let usage: UsageFlusher;

beforeAll(async () => {
  upstream = await startEchoUpstream((app) => {
    app.get('/api/products/missing', async (_request, reply) => reply.code(404).send({ status: 404 }));
  });
  gateway = await buildGateway({
    // Tenancy configured but down: its paths answer 503 from the gateway, which no service answered.
    config: testConfig({ CATALOG_URL: upstream.url, TENANCY_URL: await closedPortUrl() }),
    authenticate: testAuthenticator,
    usageMeter: meter,
  });
  nats = await connectGatewayNats(inject('natsUrl'));
  jsm = await jetstreamManager(nats);
  usage = await startUsagePublishing({ meter, nats, prefix, intervalMs: 100, logger });
});

afterAll(async () => {
  await usage?.stop();
  await gateway?.close();
  await upstream?.app.close();
  if (nats) {
    await jsm.streams.delete(streamName).catch(() => undefined);
    await nats.drain();
  }
});

/** Every batch on the gateway's stream so far, each checked against the contract. */
async function publishedBatches(): Promise<GatewayUsageRecordedV1[]> {
  const info = await jsm.streams.info(streamName);
  const batches: GatewayUsageRecordedV1[] = [];
  for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq += 1) {
    const message = await jsm.streams.getMessage(streamName, { seq });
    if (!message) continue;
    expect(message.subject).toBe(`${prefix}.gateway.usage.recorded.v1`);
    expect(message.header.get('Nats-Msg-Id')).toBe(message.json<{ id: string }>().id);
    batches.push(gatewayUsageRecordedV1.parse(message.json()));
  }
  return batches;
}

async function usageOf(userId: string): Promise<number> {
  let sum = 0;
  for (const batch of await publishedBatches())
    for (const count of batch.data.counts) if (count.userId === userId) sum += count.quantity;
  return sum;
}

async function call(url: string, caller?: { userId: string; role: Caller['role'] }, expected = 200) {
  const headers = caller ? { 'x-test-user': caller.userId, 'x-test-role': caller.role } : {};
  const response = await gateway.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(expected);
}

describe('usage metering through the gateway', () => {
  it("publishes each customer's answered calls, and nothing for visitors, admins or refused calls", async () => {
    const alice = { userId: randomUUID(), role: 'tenant' } as const;
    const bob = { userId: randomUUID(), role: 'tenant' } as const;
    const admin = { userId: randomUUID(), role: 'admin' } as const;
    for (let i = 0; i < 5; i += 1) await call('/api/products', alice);
    // A service's own 404 is an answered call.
    await call('/api/products/missing', alice, 404);
    await call('/api/products?page=2', bob);
    await call('/api/products', undefined);
    await call('/api/admin/products', admin);
    // Refused by the gateway (403, no route) or never answered (the service is down): not metered.
    await call('/api/admin/products', bob, 403);
    await call('/api/nowhere', bob, 404);
    await call('/api/subscriptions', bob, 503);

    await expect.poll(() => usageOf(alice.userId), { timeout: 5_000 }).toBe(6);
    expect(await usageOf(bob.userId)).toBe(1);
    expect(await usageOf(admin.userId)).toBe(0);
  });

  it('keeps counting while publishing fails, and publishes the counts once the stream is back', async () => {
    const carol = { userId: randomUUID(), role: 'tenant' } as const;
    await call('/api/products', carol);
    await expect.poll(() => usageOf(carol.userId), { timeout: 5_000 }).toBe(1);

    await jsm.streams.delete(streamName);
    const failuresBefore = warnings.length;
    for (let i = 0; i < 3; i += 1) await call('/api/products', carol);
    await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThan(failuresBefore);
    await call('/api/products', carol);
    expect(warnings.at(-1)).toBe('Publishing usage failed; kept for the next try');

    await ensureStream(jsm, { name: streamName, subjects: [`${prefix}.${gatewayStream.subjects[0]}`] });
    // The earlier batch went with the deleted stream; the 4 calls since must all arrive.
    await expect.poll(() => usageOf(carol.userId), { timeout: 10_000 }).toBe(4);
  });

  it('publishes the last counts when it stops', async () => {
    const dave = { userId: randomUUID(), role: 'tenant' } as const;
    const shutdownMeter = createUsageMeter();
    const shutdownGateway = await buildGateway({
      config: testConfig({ CATALOG_URL: upstream.url }),
      authenticate: testAuthenticator,
      usageMeter: shutdownMeter,
    });
    // An interval no test waits for: only the stop can publish.
    const publishing = await startUsagePublishing({
      meter: shutdownMeter,
      nats,
      prefix,
      intervalMs: 60_000,
      logger,
    });
    for (let i = 0; i < 3; i += 1) {
      const response = await shutdownGateway.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'x-test-user': dave.userId, 'x-test-role': 'tenant' },
      });
      expect(response.statusCode).toBe(200);
    }
    await shutdownGateway.close();
    expect(await usageOf(dave.userId)).toBe(0);
    await publishing.stop();
    expect(await usageOf(dave.userId)).toBe(3);
  });
});
