import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityStream } from '@app/contracts';
import { demoAccounts } from '@app/demo-fixtures';
import { defineService, entryCommand } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { usersAudit } from './audit/user-audit.js';
import { users } from './application/users.js';
import { wireUserCommands } from './application/wire-user-commands.js';
import { identitySchema, loadConfig, loadStorageConfig, oidcSettings } from './config.js';
import { createCredentialStore } from './credentials/index.js';
import { startIdentityConsumers } from './integration/consumers/start-identity-consumers.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { usersProjection } from './projections/users.js';
import { seedDemoUsers } from './seed/seed-demo-users.js';

/**
 * Identity: accounts, credentials, sessions and the sign-in pages; users published on the IDENTITY stream;
 * consumes billing's provider customers. Its demo seed creates the demo accounts and gives each new one its demo
 * password (an account that exists keeps whatever password it has now).
 */
export const service = defineService({
  name: 'identity',
  storage: {
    schema: identitySchema,
    // Beside src/ in the source tree and beside dist/ once built.
    migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
  },
  aggregates: [users],
  projections: [usersProjection],
  publishes: { stream: identityStream, toIntegrationEvent },
  audit: { producer: 'identity', aggregates: [usersAudit] },
  loadConfig,
  loadStorageConfig,
  app: (context, config) =>
    buildApp(context, {
      publicUrl: config.PUBLIC_URL,
      notificationsUrl: config.NOTIFICATIONS_URL,
      oidc: oidcSettings(config),
    }),
  workers: (clients) => startIdentityConsumers(clients),
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
