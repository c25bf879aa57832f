/**
 * `node dist/seed.cjs`: creates the demo tenants (owned by identity's demo customers) with domains and some
 * provider credentials, sealed with SECRETS_KEYS. Idempotent (fixed ids), then exits. Run by `npm start`.
 */
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { loadSeedConfig } from './config.js';
import { openStorage } from './runtime.js';
import { seedDemoTenants } from './seed/seed-demo-tenants.js';

async function seed(): Promise<void> {
  const config = loadSeedConfig();
  const storage = await openStorage(config);
  try {
    const commands = wireTenantCommands(
      storage.eventStore,
      storage.pool,
      config.SECRETS_KEYS,
      () => new Date(),
    );
    const report = await seedDemoTenants(commands);
    console.log(
      `demo tenants: ${report.created.length} created, ${report.alreadyPresent.length} already present`,
    );
  } finally {
    await storage.close();
  }
}

seed().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
