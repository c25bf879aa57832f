import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { NatsConnection } from '@nats-io/transport-node';
import { contentEtag } from '@app/service-kit';
import { uniquePrefix } from '@app/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { createCatalogueCache, type CatalogueCache } from '../src/catalogue-cache/catalogue-cache.js';
import { watchCatalogueEvents, type CatalogueEventWatch } from '../src/catalogue-cache/catalogue-events.js';
import { createUsageMeter } from '../src/usage/usage-meter.js';
import { connectGatewayNats } from '../src/user-events.js';
import {
  headerAuthenticator,
  startEchoUpstream,
  tenantCaller,
  testConfig,
  type EchoUpstream,
} from './support.js';

const prefix = uniquePrefix('gc');
const cacheSettings = { ttlMs: 60_000, maxEntries: 100, maxBytes: 1024 * 1024, settleMs: 0 };
/** A body with its digest as ETag, as every service's list answers (service-kit's conditional GET). */
const taggedBody = JSON.stringify([{ id: 'p-1', name: 'Analytics' }]);
/** Over the 1 KB compression threshold, with a strong revision ETag. */
const largeBody = JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ id: `p-${index}`, name: 'x' })));
const upstreamCalls = new Map<string, number>();
let releaseSlow: () => void = () => undefined;
const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));

let upstream: EchoUpstream;
let nats: NatsConnection;
let cache: CatalogueCache;
let watch: CatalogueEventWatch;
let gateway: FastifyInstance;
const meter = createUsageMeter();

beforeAll(async () => {
  upstream = await startEchoUpstream((app) => {
    app.addHook('onRequest', async (request) => {
      upstreamCalls.set(request.url, (upstreamCalls.get(request.url) ?? 0) + 1);
    });
    app.get('/api/products/tagged', async (_request, reply) =>
      reply.type('application/json').header('etag', contentEtag(taggedBody)).send(taggedBody),
    );
    app.get('/api/products/large', async (_request, reply) =>
      reply.type('application/json').header('etag', '"5"').send(largeBody),
    );
    app.get('/api/products/missing', async (_request, reply) => reply.code(404).send({ status: 404 }));
    app.get('/api/products/slow', async () => {
      await slowGate;
      return [];
    });
  });
  cache = createCatalogueCache(cacheSettings);
  gateway = await buildGateway({
    config: testConfig({ CATALOG_URL: upstream.url }),
    authenticate: headerAuthenticator,
    catalogueCache: cache,
    usageMeter: meter,
  });
  nats = await connectGatewayNats(inject('natsUrl'));
  watch = watchCatalogueEvents({ nats, prefix, cache, logger: { warn: () => undefined } });
  await watch.ready();
});

afterAll(async () => {
  releaseSlow();
  await watch?.stop();
  await nats?.drain();
  await gateway?.close();
  await upstream?.app.close();
});

const calls = (url: string) => upstreamCalls.get(url) ?? 0;
const freshUrl = (path = '/api/products') => `${path}?test=${randomUUID()}`;
const read = (url: string, headers: Record<string, string> = {}, target = gateway) =>
  target.inject({ method: 'GET', url, headers });

/** A TCP relay to NATS whose connections the test can cut, refusing new ones until it restores them. */
async function startTcpRelay(target: URL) {
  const sockets = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) return void client.destroy();
    const server = connect(Number(target.port), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `nats://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => void (refusing = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** As the catalog's relay publishes, under the prefix; the payload does not matter to the cache. */
async function publishCatalogEvent() {
  nats.publish(
    `${prefix}.catalog.product.updated.v1`,
    JSON.stringify({ type: 'catalog.product.updated.v1' }),
  );
  await nats.flush();
}

/** Reads `url` until the catalog is asked again: the cache has let go of it. */
async function untilRefetched(url: string) {
  const before = calls(url);
  await expect.poll(async () => (await read(url), calls(url)), { timeout: 5_000 }).toBeGreaterThan(before);
}

describe('the public catalogue cache', () => {
  it("answers a visitor's second read, and a customer's, without asking the catalog", async () => {
    const url = freshUrl();
    const first = await read(url);
    const second = await read(url);
    const customer = await read(url, { 'x-test-caller': 'tenant' });
    expect(calls(url)).toBe(1);
    for (const response of [second, customer]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(first.body);
      expect(response.headers['content-type']).toBe(first.headers['content-type']);
      expect(response.headers.etag).toBe('"v7"');
    }
  });

  it("sends an admin's every read to the catalog, and keeps none of them", async () => {
    const url = freshUrl();
    await read(url, { 'x-test-caller': 'admin' });
    await read(url, { 'x-test-caller': 'admin' });
    expect(calls(url)).toBe(2);
    await read(url);
    expect(calls(url)).toBe(3);
  });

  it('asks the catalog again after a catalog event on NATS, and keeps the new answer', async () => {
    const url = freshUrl();
    await read(url);
    await read(url);
    expect(calls(url)).toBe(1);
    await publishCatalogEvent();
    await untilRefetched(url);
    const settled = calls(url);
    await read(url);
    expect(calls(url)).toBe(settled);
  });

  it('does not keep an answer that a catalog event overtook on its way', async () => {
    const url = freshUrl('/api/products/slow');
    const probe = freshUrl();
    await read(probe);
    const racing = read(url);
    await expect.poll(() => calls(url), { timeout: 5_000 }).toBe(1);
    await publishCatalogEvent();
    await untilRefetched(probe);
    releaseSlow();
    expect((await racing).statusCode).toBe(200);
    await read(url);
    expect(calls(url)).toBe(2);
  });

  it('is cleared when a write to the catalog passes through, before the writer hears back', async () => {
    const url = freshUrl();
    await read(url);
    const write = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { 'content-type': 'application/json', 'x-test-caller': 'admin' },
      payload: '{}',
    });
    expect(write.statusCode).toBe(201);
    await read(url);
    expect(calls(url)).toBe(2);
  });

  it('keeps only answers of 200', async () => {
    const url = freshUrl('/api/products/missing');
    expect((await read(url)).statusCode).toBe(404);
    expect((await read(url)).statusCode).toBe(404);
    expect(calls(url)).toBe(2);
  });

  it("answers 304 from a kept answer whose ETag is its digest, never from a revision's", async () => {
    const tagged = freshUrl('/api/products/tagged');
    const etag = contentEtag(taggedBody);
    expect((await read(tagged)).headers.etag).toBe(etag);
    const revalidated = await read(tagged, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['content-type']).toBeUndefined();
    expect(calls(tagged)).toBe(1);

    const revision = freshUrl();
    await read(revision);
    const whole = await read(revision, { 'if-none-match': '"v7"' });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({ method: 'GET' });
    expect(calls(revision)).toBe(1);
  });

  it('compresses a kept answer as any other, weakening the strong ETag of the encoded one', async () => {
    const url = freshUrl('/api/products/large');
    const plain = await read(url);
    const gzip = await read(url, { 'accept-encoding': 'gzip' });
    expect(calls(url)).toBe(1);
    expect(plain.headers.etag).toBe('"5"');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe('W/"5"');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(largeBody);
  });

  it("counts a customer's kept answer as a call, and every read's outcome in the metrics", async () => {
    const url = freshUrl();
    meter.drain();
    await read(url, { 'x-test-caller': 'tenant' });
    await read(url, { 'x-test-caller': 'tenant' });
    expect(meter.drain().map((tally) => tally.counts.get(tenantCaller.userId))).toEqual([2]);
    const metrics = await gateway.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^gateway_catalogue_cache_reads_total\{outcome="hit"\} [1-9]/m);
    expect(metrics.body).toMatch(/^gateway_catalogue_cache_reads_total\{outcome="miss"\} [1-9]/m);
  });

  it('is bypassed while no subscription tells it of catalog events', async () => {
    const unsubscribed = await buildGateway({
      config: testConfig({ CATALOG_URL: upstream.url }),
      authenticate: headerAuthenticator,
      catalogueCache: createCatalogueCache(cacheSettings),
    });
    try {
      const url = freshUrl();
      await read(url, {}, unsubscribed);
      await read(url, {}, unsubscribed);
      expect(calls(url)).toBe(2);
    } finally {
      await unsubscribed.close();
    }
  });

  it('is bypassed from a NATS disconnect until it is subscribed again, forgetting what it held', async () => {
    const relay = await startTcpRelay(new URL(inject('natsUrl')));
    const relayed = await connectGatewayNats(relay.url);
    const ownCache = createCatalogueCache(cacheSettings);
    const ownWatch = watchCatalogueEvents({
      nats: relayed,
      prefix,
      cache: ownCache,
      logger: { warn: () => undefined },
    });
    const ownGateway = await buildGateway({
      config: testConfig({ CATALOG_URL: upstream.url }),
      authenticate: headerAuthenticator,
      catalogueCache: ownCache,
    });
    /** How many of two reads in a row reach the catalog: 0 kept, 1 kept by the first, 2 bypassed. */
    const twoReads = async (url: string) => {
      const before = calls(url);
      await read(url, {}, ownGateway);
      await read(url, {}, ownGateway);
      return calls(url) - before;
    };
    try {
      await ownWatch.ready();
      const url = freshUrl();
      expect(await twoReads(url)).toBe(1);
      relay.cut();
      await expect.poll(() => twoReads(url), { timeout: 5_000 }).toBe(2);
      relay.restore();
      await expect.poll(() => twoReads(url), { timeout: 10_000 }).toBe(1);
    } finally {
      relay.restore();
      await ownWatch.stop();
      await relayed.close();
      await ownGateway.close();
      await relay.close();
    }
  });
});
