import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { AddressInfo } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { catalogIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import { connectNats, startIntegrationConsumer, type IntegrationConsumer, type Relay } from '@app/eventing';
import { testIdentitySecret } from '@app/service-kit/testing';
import { uniquePrefix } from '@app/test-support';
import { startRelayOf } from '@app/service-kit/runtime';
import { service as catalogService } from '../../services/catalog/src/service.js';
import { catalogSchema } from '../../services/catalog/src/config.js';
import { startCatalog, type CatalogHarness } from '../../services/catalog/test/support/catalog-harness.js';
import { newProduct } from '../../services/catalog/test/support/requests.js';
import { buildGateway } from '../src/app.js';
import { loadConfig as loadGatewayConfig } from '../src/config.js';

/**
 * The platform's whole write path: an admin command through the gateway becomes an event, the relay publishes it
 * on NATS, a consumer in another "service" applies it, and the change is read back through the gateway.
 */
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const prefix = uniquePrefix('e');

let catalog: CatalogHarness;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
let nats: NatsConnection;
let relay: Relay;
let consumer: IntegrationConsumer;
const received: IntegrationEnvelope[] = [];

beforeAll(async () => {
  catalog = await startCatalog();
  await catalog.app.listen({ port: 0, host: '127.0.0.1' });
  const catalogUrl = `http://127.0.0.1:${(catalog.app.server.address() as AddressInfo).port}`;
  nats = await connectNats({ url: inject('natsUrl'), name: 'e2e' });
  relay = await startRelayOf(catalogService, {
    eventStore: catalog.eventStore,
    pool: catalog.pool,
    nats,
    prefix,
    logger: silent,
  });
  await catalog.pool.query(
    'CREATE TABLE consumer_products (product_id uuid, event_type text, event_id uuid)',
  );
  consumer = await startIntegrationConsumer({
    nats,
    stream: `${prefix}_CATALOG`,
    durableName: 'e2e-products',
    filterSubject: `${prefix}.catalog.product.>`,
    pool: catalog.pool,
    schema: catalogSchema,
    logger: silent,
    handle: async (envelope, tx) => {
      const event = catalogIntegrationEventSchema.parse(envelope);
      received.push(event);
      await tx.query('INSERT INTO consumer_products VALUES ($1, $2, $3)', [
        event.data.productId,
        event.type,
        event.id,
      ]);
    },
  });
  gateway = await buildGateway({
    config: loadGatewayConfig({
      INTERNAL_TOKEN_SECRET: testIdentitySecret,
      LOG_LEVEL: 'silent',
      CATALOG_URL: catalogUrl,
    }),
    authenticate: async (request) =>
      request.headers['x-test-caller'] === 'admin'
        ? { userId: '0196f2a0-0000-7000-8000-0000000000aa', role: 'admin' }
        : request.headers['x-test-caller'] === 'tenant'
          ? { userId: '0196f2a0-0000-7000-8000-0000000000bb', role: 'tenant' }
          : null,
  });
});

afterAll(async () => {
  await gateway?.close();
  await consumer?.stop();
  await relay?.stop();
  if (nats) {
    const jsm = await jetstreamManager(nats);
    await jsm.streams.delete(`${prefix}_CATALOG`).catch(() => undefined);
    await nats.drain();
  }
  await catalog?.close();
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a product from admin command to every reader, through the gateway', () => {
  it('creates, publishes, consumes and lists a product', async () => {
    const body = newProduct({ basePrice: 249.99 });
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'admin', 'idempotency-key': `e2e-${prefix}` },
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"0"');
    const product = created.json<{ id: string }>();

    const listed = await gateway.inject({ method: 'GET', url: '/api/products' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id: product.id, basePrice: 249.99 }));

    const event = await until(async () => received.find((e) => e.data.productId === product.id));
    expect(event).toMatchObject({
      type: 'catalog.product.created.v1',
      data: { productId: product.id, slug: body.slug, basePriceCents: 24_999, isActive: true },
    });
    const stored = await catalog.eventStore.readStream(`catalog_product-${product.id}`);
    expect(event.id).toBe(stored.events[0]?.id);
  });

  it('carries an update and a deletion to the consumer, each exactly once', async () => {
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'admin' },
      payload: newProduct(),
    });
    const { id } = created.json<{ id: string }>();
    await gateway.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: { 'x-test-caller': 'admin' },
      payload: { isActive: false },
    });
    const deleted = await gateway.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: { 'x-test-caller': 'admin' },
    });
    expect(deleted.statusCode).toBe(204);

    const rows = await until(async () => {
      const { rows } = await catalog.pool.query<{ event_type: string }>(
        'SELECT event_type FROM consumer_products WHERE product_id = $1 ORDER BY event_type',
        [id],
      );
      return rows.length >= 3 ? rows : undefined;
    });
    expect(rows.map((row) => row.event_type)).toEqual([
      'catalog.product.created.v1',
      'catalog.product.deactivated.v1',
      'catalog.product.deleted.v1',
    ]);
  });

  it('enforces roles at the gateway: 401 without a session, 403 for a tenant', async () => {
    const anonymous = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: newProduct(),
    });
    expect(anonymous.statusCode).toBe(401);
    const tenant = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'tenant' },
      payload: newProduct(),
    });
    expect(tenant.statusCode).toBe(403);
  });

  it('serves the catalogue’s OpenAPI document in the merged docs', async () => {
    const docs = await gateway.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/admin/products', '/api/admin/products/{id}']),
    );
  });
});
