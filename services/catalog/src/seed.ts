/** `node dist/seed.cjs`: creates the demo catalogue (idempotent), then exits. Run by `npm start`. */
import { wireProductCommands } from './application/wire-product-commands.js';
import { loadStorageConfig } from './config.js';
import { openStorage } from './runtime.js';
import { seedDemoProducts } from './seed/seed-demo-products.js';

async function seed(): Promise<void> {
  const storage = await openStorage(loadStorageConfig());
  try {
    const commands = wireProductCommands(storage.eventStore, storage.pool, () => new Date());
    const report = await seedDemoProducts(commands);
    console.log(
      `demo products: ${report.created.length} created, ${report.alreadyPresent.length} already present`,
    );
  } finally {
    await storage.close();
  }
}

seed().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
