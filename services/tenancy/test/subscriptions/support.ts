import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import { parseKeyRing } from '@app/secrets';
import { createServiceApp } from '@app/service-kit/runtime';
import { handleMessage } from '@app/test-support/handled-message';
import { countEvents, startServiceHarness } from '@app/test-support/service-harness';
import { v7 as uuidv7 } from 'uuid';
import { createSubscriptionCommands } from '../../src/application/subscription-commands.js';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { adminSubscriptionRoutes } from '../../src/http/admin-subscriptions.routes.js';
import { customerSubscriptionRoutes } from '../../src/http/subscriptions.routes.js';
import { applyCatalogProductMessage } from '../../src/projections/products-copy.js';
import { service } from '../../src/service.js';

export { silentLogger } from '@app/test-support/service-harness';

export const testKeyRing = parseKeyRing(`k1:${randomBytes(32).toString('base64')}`);

/** Tenancy's subscription slice as app.ts wires it, minus NATS and the socket, on a database of its own. */
export async function startSubscriptionHarness() {
  const now = () => new Date();
  const commandsOn = (eventStore: EventStore, pool: pg.Pool) =>
    createSubscriptionCommands({ eventStore, pool, keyRing: testKeyRing, now });
  const harness = await startServiceHarness(service, async (context) => {
    const app = await createServiceApp(context, { name: 'tenancy' });
    const { db, eventStore, replies } = context;
    const commands = commandsOn(eventStore, db);
    await app.register(adminSubscriptionRoutes, { db, commands, replies });
    await app.register(customerSubscriptionRoutes, { db, commands, replies });
    return app;
  });
  const { pool, eventStore, projections } = harness;
  const commands = commandsOn(eventStore, pool);
  const tenants = wireTenantCommands(eventStore, pool, testKeyRing, now);
  const metadata = () => ({ correlationId: uuidv7(), causationId: uuidv7() });

  return {
    ...harness,
    commands,
    /** A tenant through the real use case, visible in the read model once this resolves. */
    async createTenant(name = `Tenant ${uuidv7().slice(-6)}`, ownerId: string | null = null) {
      const result = await tenants.createTenant({ name, ownerId }, { metadata: metadata() });
      if (result.position) await projections.waitFor(result.position, 5_000);
      return result.tenantId;
    },
    /** A product as the catalogue consumer would copy it. */
    async addProduct(
      overrides: {
        name?: string;
        basePriceCents?: number;
        basicPriceCents?: number;
        enterprisePriceCents?: number;
        isActive?: boolean;
      } = {},
    ) {
      const productId = uuidv7();
      await handleMessage(pool, applyCatalogProductMessage, 'catalog.product.created.v1', {
        productId,
        name: overrides.name ?? 'Ledger Sync',
        slug: `ledger-${productId}`,
        description: null,
        basePriceCents: overrides.basePriceCents ?? 12_950,
        basicPriceCents: overrides.basicPriceCents ?? null,
        enterprisePriceCents: overrides.enterprisePriceCents ?? null,
        category: null,
        color: '#22C55E',
        icon: 'Link',
        features: [],
        isActive: overrides.isActive ?? true,
        createdAt: new Date().toISOString(),
      });
      return productId;
    },
    countEvents: () => countEvents(pool),
  };
}

export type SubscriptionHarness = Awaited<ReturnType<typeof startSubscriptionHarness>>;
