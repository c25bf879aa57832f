import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityStream } from '@app/contracts';
import { demoAccounts } from '@app/demo-fixtures';
import { defineService, entryCommand } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { usersAudit } from './audit/user-audit.js';
import { viewAsAudit } from './audit/view-as-audit.js';
import { viewAsSessions } from './application/view-as.js';
import { createViewAsCommands } from './application/view-as-commands.js';
import { createViewAsExpiry } from './application/view-as-expiry.js';
import { users } from './application/users.js';
import { wireUserCommands } from './application/wire-user-commands.js';
import { identitySchema, loadConfig, loadStorageConfig, oidcSettings } from './config.js';
import { createCredentialStore } from './credentials/index.js';
import { startIdentityConsumers } from './integration/consumers/start-identity-consumers.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { openViewsProjection } from './projections/open-views.js';
import { usersProjection } from './projections/users.js';
import { seedDemoUsers } from './seed/seed-demo-users.js';

/**
 * Identity: accounts, credentials, sessions and the sign-in pages; users published on the IDENTITY stream;
 * consumes billing's provider customers; admins' views of customers' accounts, ended by a runner when they expire. Its demo seed creates the demo accounts and gives each new one its demo
 * password (an account that exists keeps whatever password it has now).
 */
export const service = defineService({
  name: 'identity',
  storage: {
    schema: identitySchema,
    // Beside src/ in the source tree and beside dist/ once built.
    migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
  },
  aggregates: [users, viewAsSessions],
  projections: [usersProjection, openViewsProjection],
  publishes: { stream: identityStream, toIntegrationEvent },
  audit: { producer: 'identity', aggregates: [usersAudit, viewAsAudit] },
  loadConfig,
  loadStorageConfig,
  app: (context, config) =>
    buildApp(context, {
      publicUrl: config.PUBLIC_URL,
      notificationsUrl: config.NOTIFICATIONS_URL,
      oidc: oidcSettings(config),
    }),
  workers: async (clients, config) => {
    const consumers = await startIdentityConsumers(clients);
    const now = () => new Date();
    const expiry = createViewAsExpiry({
      views: createViewAsCommands({ eventStore: clients.eventStore, db: clients.pool, now }),
      db: clients.pool,
      now,
      logger: clients.logger.child({ component: 'view-as-expiry' }),
    }).start(config.VIEW_AS_EXPIRY_TICK_MS);
    return {
      stop: async () => {
        await expiry.stop();
        await consumers.stop();
      },
    };
  },
  seed: entryCommand(loadStorageConfig, async ({ eventStore, pool }) => {
    const commands = wireUserCommands(eventStore, pool, () => new Date());
    const report = await seedDemoUsers(commands);
    const credentials = createCredentialStore(pool);
    for (const account of demoAccounts.filter((candidate) => report.created.includes(candidate.email))) {
      await credentials.setPassword(account.id, account.demoPassword);
      await commands.recordPasswordSet(account.id, 'admin', { metadata: { actorId: 'seed' } });
    }
    console.log(
      `demo users: ${report.created.length} created, ${report.alreadyPresent.length} already present`,
    );
  }),
});
