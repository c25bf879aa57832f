/**
 * `node dist/seed.cjs`: creates the demo accounts and gives each new one its demo password (idempotent: an
 * account that exists keeps whatever password it has now), then exits. Run by `npm start`.
 */
import { wireUserCommands } from './application/wire-user-commands.js';
import { loadStorageConfig } from './config.js';
import { createCredentialStore } from './credentials/index.js';
import { openStorage } from './runtime.js';
import { demoAccounts } from '@app/demo-fixtures';
import { seedDemoUsers } from './seed/seed-demo-users.js';

async function seed(): Promise<void> {
  const storage = await openStorage(loadStorageConfig());
  try {
    const commands = wireUserCommands(storage.eventStore, storage.pool, () => new Date());
    const report = await seedDemoUsers(commands);
    const credentials = createCredentialStore(storage.pool);
    for (const account of demoAccounts.filter((candidate) => report.created.includes(candidate.email))) {
      await credentials.setPassword(account.id, account.demoPassword);
      await commands.recordPasswordSet(account.id, { metadata: { actorId: 'seed' } });
    }
    console.log(
      `demo users: ${report.created.length} created, ${report.alreadyPresent.length} already present`,
    );
  } finally {
    await storage.close();
  }
}

seed().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
