import { describe, expect, it } from 'vitest';
import { identityStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { findBuyer } from '../../src/projections/buyers-copy.js';
import { startBillingConsumersOf } from '../support/nats.js';
import { uuidv7 } from '../support/requests.js';

const h = startedForFile(() => startBillingConsumersOf(identityStream));

/** Publishes as identity's relay does, and waits until billing's consumer has applied it. */
async function published(type: string, data: Record<string, unknown>) {
  const { id } = await h.nats.publish(type, data);
  await eventually(
    async () =>
      (await h.pool.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [id])).rowCount === 1,
    Boolean,
    10_000,
  );
}

describe("billing's copy of identity's users (whom invoices are billed to)", () => {
  it('keeps each buyer’s email and names as identity last described them', async () => {
    const userId = uuidv7();
    expect(await findBuyer(h.pool, userId)).toBeNull();

    await published('identity.user.registered.v1', {
      userId,
      email: 'casey@example.test',
      firstName: null,
      lastName: null,
      role: 'tenant',
      registeredVia: 'sign-up',
      registeredAt: '2026-03-01T00:00:00.000Z',
    });
    expect(await findBuyer(h.pool, userId)).toEqual({
      email: 'casey@example.test',
      firstName: null,
      lastName: null,
    });

    const profile = { email: 'casey.jones@example.test', firstName: 'Casey', lastName: 'Jones' };
    await published('identity.user.updated.v1', {
      userId,
      profile: { ...profile, profileImageUrl: null },
      changedAt: '2026-03-02T00:00:00.000Z',
    });
    expect(await findBuyer(h.pool, userId)).toEqual(profile);

    // A role change and a deactivation leave the name an invoice is billed to as it was.
    await published('identity.user.updated.v1', {
      userId,
      role: 'admin',
      changedAt: '2026-03-03T00:00:00.000Z',
    });
    await published('identity.user.deactivated.v1', { userId, deactivatedAt: '2026-03-04T00:00:00.000Z' });
    expect(await findBuyer(h.pool, userId)).toEqual(profile);
  });
});
