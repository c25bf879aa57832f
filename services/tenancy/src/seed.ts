/**
 * `node dist/seed.cjs`: creates the demo tenants (owned by identity's demo customers) with domains and some
 * provider credentials, then their subscriptions (a mix of active, trial, suspended and cancelled, some with a
 * monitored endpoint), secrets sealed with SECRETS_KEYS. Idempotent (fixed ids), then exits.
 *
 * Starting a subscription reads tenancy's read models and its copy of the catalogue, which the running tenancy
 * service keeps; so `npm start` runs this once that service is ready, and the seed waits (bounded) for the
 * service's projections through their checkpoints rather than running a second copy of them.
 */
import { watchCheckpoints } from '@app/eventing';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { loadSeedConfig, tenancySchema } from './config.js';
import { subscriptionsProjection } from './projections/subscriptions.js';
import { tenantsProjection } from './projections/tenants.js';
import { openStorage } from './runtime.js';
import { seedDemoSubscriptions } from './seed/seed-demo-subscriptions.js';
import { seedDemoTenants } from './seed/seed-demo-tenants.js';

async function seed(): Promise<void> {
  const config = loadSeedConfig();
  const storage = await openStorage(config);
  const { eventStore, pool } = storage;
  const now = () => new Date();
  try {
    const tenants = await seedDemoTenants(wireTenantCommands(eventStore, pool, config.SECRETS_KEYS, now));
    console.log(
      `demo tenants: ${tenants.created.length} created, ${tenants.alreadyPresent.length} already present`,
    );

    const readModels = watchCheckpoints({
      db: pool,
      schema: tenancySchema,
      names: [tenantsProjection.name, subscriptionsProjection.name],
    });
    const commands = createSubscriptionCommands({
      eventStore,
      pool,
      keyRing: config.SECRETS_KEYS,
      now,
    });
    const subscriptions = await seedDemoSubscriptions({
      commands,
      eventStore,
      db: pool,
      readModels,
      tenantAppUrl: config.DEMO_TENANT_APP_URL,
    });
    console.log(
      `demo subscriptions: ${subscriptions.created.length} created, ` +
        `${subscriptions.alreadyPresent.length} already present` +
        subscriptions.skipped.map(({ id, reason }) => `; ${id} left out (${reason})`).join(''),
    );
  } finally {
    await storage.close();
  }
}

seed().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
