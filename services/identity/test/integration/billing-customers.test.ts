import { billingStream, billingSubjects } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { describe, expect, it } from 'vitest';
import { startIdentityConsumers } from '../../src/integration/consumers/start-identity-consumers.js';
import { findUser } from '../../src/projections/user-queries.js';
import { silentLogger, startIdentity } from '../support/identity-harness.js';
import { createUser } from '../support/requests.js';

const h = startedForFile(async () => {
  const identity = await startIdentity();
  return withConsumers(identity, [billingStream], (nats) =>
    startIdentityConsumers({
      nats: nats.nc,
      pool: identity.pool,
      natsPrefix: nats.prefix,
      logger: silentLogger,
    }),
  );
});

/** As billing's relay publishes a provider customer, made at `createdAt`. */
async function customerCreated(userId: string, providerCustomerId: string, createdAt: string) {
  await h.nats.publish(
    billingSubjects.customerCreated,
    { userId, provider: 'stripe', providerCustomerId, createdAt },
    { occurredAt: createdAt },
  );
}

function customerIdOf(userId: string, expected: string | null): Promise<string | null> {
  return eventually(
    async () => (await findUser(h.pool, userId))?.user.stripeCustomerId ?? null,
    (found) => found === expected,
  );
}

describe("billing's provider customers", () => {
  it("become the user's stripeCustomerId; an older message arriving late does not undo a newer one", async () => {
    const { user } = await createUser(h);
    expect(user.stripeCustomerId).toBeNull();
    await customerCreated(user.id, 'cus_first', '2026-11-01T10:00:00.000Z');
    expect(await customerIdOf(user.id, 'cus_first')).toBe('cus_first');
    await customerCreated(user.id, 'cus_second', '2026-11-02T10:00:00.000Z');
    await customerCreated(user.id, 'cus_stale', '2026-10-01T10:00:00.000Z');
    const marker = (await createUser(h)).user;
    await customerCreated(marker.id, 'cus_marker', '2026-11-03T10:00:00.000Z');
    expect(await customerIdOf(marker.id, 'cus_marker')).toBe('cus_marker');
    expect((await findUser(h.pool, user.id))?.user.stripeCustomerId).toBe('cus_second');
  });
});
