/**
 * `node dist/seed.cjs`: pays the demo customers' checkouts with the Sandbox: paid invoices, and through the
 * relay the facts tenancy counts into totalSpent. Idempotent (fixed payment ids), then exits.
 *
 * Billing charges the prices of its copy of the catalogue, which the running billing service keeps from the
 * catalogue's NATS events; so `npm start` runs this once that service is ready, and the seed waits (bounded) for
 * the copies it needs rather than consuming the events itself.
 */
import { createCheckout } from './application/checkout.js';
import { createBillingHandlers } from './application/command-handlers.js';
import { createCustomers } from './application/customers.js';
import { createSettlement } from './application/settlement.js';
import { loadSeedConfig } from './config.js';
import { createPaymentProvider } from './payments/index.js';
import { openStorage } from './runtime.js';
import { awaitProductCopies } from './seed/await-products.js';
import { demoPurchases } from './seed/demo-purchases.js';
import { seedDemoInvoices } from './seed/seed-demo-invoices.js';
import { seedDemoUsageWith } from './usage/seed-demo-usage.js';

const productWaitMs = 30_000;

async function seed(): Promise<void> {
  const config = loadSeedConfig();
  await seedDemoUsageWith(config);
  if (config.PAYMENT_PROVIDER !== 'sandbox') {
    console.log('demo invoices: skipped (they are paid with the Sandbox, and PAYMENT_PROVIDER is stripe)');
    return;
  }
  const storage = await openStorage(config);
  const { pool, eventStore } = storage;
  const now = () => new Date();
  try {
    const productIds = [...new Set(demoPurchases.map((purchase) => purchase.product.productId))];
    const missing = await awaitProductCopies(pool, productIds, productWaitMs);
    if (missing.length > 0) {
      console.warn(
        `demo invoices: billing has not heard of products ${missing.join(', ')}: is the catalog service ` +
          'running, and is NATS carrying its events?',
      );
    }
    const sandbox = createPaymentProvider(config, { pool });
    if (sandbox.name !== 'sandbox') throw new Error('The demo seed pays with the Sandbox');
    const handlers = createBillingHandlers(eventStore);
    const customers = createCustomers({ eventStore, handlers, provider: sandbox, now });
    const report = await seedDemoInvoices({
      pool,
      eventStore,
      checkout: createCheckout({ pool, handlers, customers, provider: sandbox, now }),
      settlement: createSettlement({ pool, eventStore, handlers, now }),
      sandbox,
      now,
    });
    console.log(
      `demo invoices: ${report.paid.length} paid, ${report.alreadyPresent.length} already present` +
        report.skipped.map((skipped) => `; ${skipped} left out`).join(''),
    );
  } finally {
    await storage.close();
  }
}

seed().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
