import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { IntegrationEnvelope } from '@app/contracts';
import { createEventStore, startProjections, type ProjectionRunner } from '@app/eventing';
import { parseKeyRing } from '@app/secrets';
import { createService, idempotencyPlugin } from '@app/service-kit';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { createTestDatabase } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { createSubscriptionCommands } from '../../src/application/subscription-commands.js';
import { subscriptionCategory } from '../../src/application/subscription-stream.js';
import { tenantCategory } from '../../src/application/tenant-stream.js';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { tenancySchema } from '../../src/config.js';
import { adminSubscriptionRoutes } from '../../src/http/admin-subscriptions.routes.js';
import { customerSubscriptionRoutes } from '../../src/http/subscriptions.routes.js';
import { applyCatalogProductMessage } from '../../src/projections/products-copy.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { prepareStorage } from '../../src/runtime.js';

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

export const testKeyRing = parseKeyRing(`k1:${randomBytes(32).toString('base64')}`);

/** Tenancy's subscription slice as app.ts wires it, minus NATS and the socket, on a database of its own. */
export async function startSubscriptionHarness() {
  const database = await createTestDatabase(inject('databaseUrl'));
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: `-c search_path=${tenancySchema}`,
  });
  const eventStore = createEventStore({ pool });
  await prepareStorage(pool, eventStore);
  const projections: ProjectionRunner = await startProjections({
    eventStore,
    pool,
    schema: tenancySchema,
    categories: [tenantCategory, subscriptionCategory],
    projections: [tenantsProjection, subscriptionsProjection],
    logger: silentLogger,
  });
  const now = () => new Date();
  const tenants = wireTenantCommands(eventStore, pool, testKeyRing, now);
  const commands = createSubscriptionCommands({ eventStore, pool, keyRing: testKeyRing, now });
  const app = await createService({
    name: 'tenancy',
    logger: { level: 'silent' },
    identity: { secret: testIdentitySecret },
    readiness: [],
  });
  await app.register(idempotencyPlugin, { pool, schema: tenancySchema });
  await app.register(adminSubscriptionRoutes, {
    db: pool,
    commands,
    replies: { projections, timeoutMs: 5_000 },
  });
  await app.register(customerSubscriptionRoutes, { db: pool });
  bindIdentityOnInject(app);

  const metadata = () => ({ correlationId: uuidv7(), causationId: uuidv7() });

  return {
    app,
    pool,
    eventStore,
    projections,
    commands,
    /** A tenant through the real use case, visible in the read model once this resolves. */
    async createTenant(name = `Tenant ${uuidv7().slice(-6)}`, ownerId: string | null = null) {
      const result = await tenants.createTenant({ name, ownerId }, { metadata: metadata() });
      if (result.position) await projections.waitFor(result.position, 5_000);
      return result.tenantId;
    },
    /** A product as the catalogue consumer would copy it. */
    async addProduct(overrides: { name?: string; basePriceCents?: number; isActive?: boolean } = {}) {
      const productId = uuidv7();
      await applyProduct(pool, {
        id: uuidv7(),
        type: 'catalog.product.created.v1',
        occurredAt: new Date().toISOString(),
        data: {
          productId,
          name: overrides.name ?? 'Ledger Sync',
          slug: `ledger-${productId}`,
          description: null,
          basePriceCents: overrides.basePriceCents ?? 12_950,
          category: null,
          color: '#22C55E',
          icon: 'Link',
          features: [],
          isActive: overrides.isActive ?? true,
          createdAt: new Date().toISOString(),
        },
      });
      return productId;
    },
    async countEvents() {
      const { rows } = await pool.query<{ count: string }>('SELECT count(*) FROM eventstore.events');
      return Number(rows[0]?.count);
    },
    async close() {
      await app.close();
      await projections.stop();
      await eventStore.close();
      pool.on('error', () => undefined);
      await pool.end();
      await database.drop();
    },
  };
}

export type SubscriptionHarness = Awaited<ReturnType<typeof startSubscriptionHarness>>;

export async function applyProduct(pool: pg.Pool, envelope: IntegrationEnvelope): Promise<void> {
  const client = await pool.connect();
  try {
    await applyCatalogProductMessage(envelope, client);
  } finally {
    client.release();
  }
}
