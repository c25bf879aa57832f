/**
 * `npm run reseal -w @app/tenancy`: after a new key went first in SECRETS_KEYS, reseals under it every provider
 * password and metrics API key an older key sealed (resealAllSecrets), prints what it did and exits. Run it with
 * the same SECRETS_KEYS as the service, old keys still in it; a second run reseals nothing.
 */
import { resealAllSecrets } from './application/reseal-secrets.js';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { loadKeyRingConfig } from './config.js';
import { openStorage } from './runtime.js';

async function reseal(): Promise<void> {
  const config = loadKeyRingConfig();
  const storage = await openStorage(config);
  const { eventStore, pool } = storage;
  const now = () => new Date();
  try {
    const keyRing = config.SECRETS_KEYS;
    const summary = await resealAllSecrets({
      pool,
      tenants: wireTenantCommands(eventStore, pool, keyRing, now),
      subscriptions: createSubscriptionCommands({
        eventStore,
        pool,
        keyRing,
        now,
      }),
    });
    console.log(
      `resealed under key "${keyRing.currentKeyId}": provider passwords of ${summary.tenantsResealed} of ` +
        `${summary.tenantsChecked} tenants, metrics API keys of ${summary.subscriptionsResealed} of ` +
        `${summary.subscriptionsChecked} subscriptions with one`,
    );
  } finally {
    await storage.close();
  }
}

reseal().catch((error: unknown) => {
  console.error(`reseal failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
