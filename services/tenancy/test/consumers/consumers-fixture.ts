import { billingStream, catalogStream, identityStream } from '@app/contracts';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { startTenancyConsumers } from '../../src/integration/consumers/start-tenancy-consumers.js';
import { silentLogger, startSubscriptionHarness, testKeyRing } from '../subscriptions/support.js';

/**
 * Tenancy's consumers as service.ts starts them, on a harness of this test file's own and NATS streams under a
 * prefix of its own; started before the file's tests and stopped after them.
 */
export function useTenancyConsumers() {
  return startedForFile(async () => {
    const h = await startSubscriptionHarness();
    const tenants = wireTenantCommands(h.eventStore, h.pool, testKeyRing, () => new Date());
    return withConsumers(h, [catalogStream, identityStream, billingStream], (nats) =>
      startTenancyConsumers(
        { nats: nats.nc, pool: h.pool, natsPrefix: nats.prefix, logger: silentLogger },
        { createTenant: tenants.createTenant, subscriptions: h.commands, projections: h.projections },
      ),
    );
  });
}

/** identity.user.registered.v1's data for a customer who signed up. */
export const registered = (userId: string, overrides: Record<string, unknown> = {}) => ({
  userId,
  email: `u-${userId}@example.test`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'tenant',
  registeredVia: 'sign-up',
  registeredAt: new Date().toISOString(),
  ...overrides,
});
