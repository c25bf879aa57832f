/** `node dist/seed.cjs`: creates the demo accounts (idempotent), then exits. Run by `npm start`. */
import { wireUserCommands } from './application/wire-user-commands.js';
import { loadStorageConfig } from './config.js';
import { openStorage } from './runtime.js';
import { seedDemoUsers } from './seed/seed-demo-users.js';

async function seed(): Promise<void> {
  const storage = await openStorage(loadStorageConfig());
  try {
    const commands = wireUserCommands(storage.eventStore, storage.pool, () => new Date());
    const report = await seedDemoUsers(commands);
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
