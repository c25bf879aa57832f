import type { EventingLogger } from '@app/eventing';
import { withConsumers, type StreamSpec } from '@app/test-support/nats';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { startBillingConsumers } from '../../src/integration/consumers/start-billing-consumers.js';
import { silentLogger, startBilling, type BillingOptions } from './billing-harness.js';

/**
 * Billing with its consumers started as service.ts starts them, reading `stream` under the test's prefix; the
 * other consumers' streams do not exist here, so their warnings go to `logger` too. `options` are the app's.
 */
export async function startBillingConsumersOf(
  stream: StreamSpec,
  logger: EventingLogger = silentLogger,
  options: BillingOptions = {},
) {
  const h = await startBilling(options);
  return withConsumers(h, [stream], (nats) =>
    startBillingConsumers(
      { nats: nats.nc, pool: h.pool, natsPrefix: nats.prefix, logger },
      { stores: createBillingStores(h.eventStore), now: () => new Date() },
    ),
  );
}
