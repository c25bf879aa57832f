import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tenancyStream } from '@app/contracts';
import { watchCheckpoints } from '@app/eventing';
import { defineService, entryCommand } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { subscriptionsAudit } from './audit/subscription-audit.js';
import { tenantsAudit } from './audit/tenant-audit.js';
import { resealAllSecrets } from './application/reseal-secrets.js';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { subscriptions } from './application/subscriptions.js';
import { tenants } from './application/tenants.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { loadConfig, loadKeyRingConfig, loadSeedConfig, loadStorageConfig, tenancySchema } from './config.js';
import { startTenancyConsumers } from './integration/consumers/start-tenancy-consumers.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { subscriptionsProjection } from './projections/subscriptions.js';
import { tenantsProjection } from './projections/tenants.js';
import { seedDemoSubscriptions } from './seed/seed-demo-subscriptions.js';
import { seedDemoTenants } from './seed/seed-demo-tenants.js';

const now = () => new Date();

/**
 * Tenancy: tenants with sealed provider credentials, their subscriptions and the live-slot rule, published on
 * the TENANCY stream; consumes the catalogue's products, identity's users (owners, onboarding) and billing's
 * checkouts and invoices. Its seed makes the demo tenants and subscriptions; `reseal` reseals every secret an
 * older key of SECRETS_KEYS sealed.
 */
export const service = defineService({
  name: 'tenancy',
  storage: {
    schema: tenancySchema,
    // Beside src/ in the source tree and beside dist/ once built.
    migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
  },
  aggregates: [tenants, subscriptions],
  projections: [tenantsProjection, subscriptionsProjection],
  publishes: { stream: tenancyStream, toIntegrationEvent },
  audit: { producer: 'tenancy', aggregates: [tenantsAudit, subscriptionsAudit] },
  loadConfig,
  loadStorageConfig,
  app: (context, config) => buildApp(context, { keyRing: config.SECRETS_KEYS }),
  workers: (clients, config) =>
    startTenancyConsumers(clients, {
      createTenant: wireTenantCommands(clients.eventStore, clients.pool, config.SECRETS_KEYS, now)
        .createTenant,
      subscriptions: createSubscriptionCommands({
        eventStore: clients.eventStore,
        pool: clients.pool,
        keyRing: config.SECRETS_KEYS,
        now,
      }),
      projections: clients.projections,
    }),
  /**
   * Starting a subscription reads tenancy's read models and its copy of the catalogue, which the running service
   * keeps: so `npm start` runs this once the service is ready, and the seed waits (bounded) for the service's
   * projections through their checkpoints rather than running a second copy of them.
   */
  seed: entryCommand(loadSeedConfig, async ({ eventStore, pool }, config) => {
    const keyRing = config.SECRETS_KEYS;
    const demoTenants = await seedDemoTenants(wireTenantCommands(eventStore, pool, keyRing, now));
    console.log(
      `demo tenants: ${demoTenants.created.length} created, ${demoTenants.alreadyPresent.length} already present`,
    );
    const seeded = await seedDemoSubscriptions({
      commands: createSubscriptionCommands({ eventStore, pool, keyRing, now }),
      eventStore,
      db: pool,
      readModels: watchCheckpoints({
        db: pool,
        schema: tenancySchema,
        names: [tenantsProjection.name, subscriptionsProjection.name],
      }),
      tenantAppUrl: config.DEMO_TENANT_APP_URL,
    });
    console.log(
      `demo subscriptions: ${seeded.created.length} created, ${seeded.alreadyPresent.length} already present` +
        seeded.skipped.map(({ id, reason }) => `; ${id} left out (${reason})`).join(''),
    );
  }),
  commands: {
    /** After a new key went first in SECRETS_KEYS: reseal what older keys sealed; a second run does nothing. */
    reseal: entryCommand(loadKeyRingConfig, async ({ eventStore, pool }, config) => {
      const keyRing = config.SECRETS_KEYS;
      const summary = await resealAllSecrets({
        pool,
        tenants: wireTenantCommands(eventStore, pool, keyRing, now),
        subscriptions: createSubscriptionCommands({ eventStore, pool, keyRing, now }),
      });
      console.log(
        `resealed under key "${keyRing.currentKeyId}": provider passwords of ${summary.tenantsResealed} of ` +
          `${summary.tenantsChecked} tenants, metrics API keys of ${summary.subscriptionsResealed} of ` +
          `${summary.subscriptionsChecked} subscriptions with one`,
      );
    }),
  },
});
