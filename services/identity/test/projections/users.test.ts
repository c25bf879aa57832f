import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { rebuildProjection } from '@app/eventing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { identitySchema } from '../../src/config.js';
import { usersProjection } from '../../src/projections/users.js';
import { categoriesOf } from '@app/service-kit/runtime';
import { service } from '../../src/service.js';
import { startIdentity } from '../support/identity-harness.js';
import { createUser, newEmail, newUser, patchUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

async function userRows() {
  const { rows } = await identity.pool.query('SELECT * FROM users ORDER BY id');
  return rows;
}

/** A history with every event type; some users registered and changed within one batch of the rebuild. */
async function writeHistory(): Promise<void> {
  const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
  const admin = await createUser(identity, newUser({ role: 'admin' }));
  const renamed = await createUser(identity);
  const promoted = await createUser(identity);
  const leaving = await createUser(identity);
  await patchUser(identity, renamed.user.id, { email: newEmail('renamed'), lastName: '' });
  await patchUser(identity, promoted.user.id, { role: 'admin' });
  await commands.recordPasswordSet(admin.user.id, 'setup-link', { metadata: {} });
  const quiet = { email: false, push: true, securityAlerts: false };
  await commands.changeNotificationPreferences(promoted.user.id, quiet, { metadata: {} });
  const { position } = await commands.deactivate(leaving.user.id, { metadata: {} });
  await identity.projections.waitFor(position!, 5_000);
}

describe('users projection', () => {
  it('rebuilds, in batches, exactly the rows that live projection built event by event', async () => {
    await writeHistory();
    const live = await userRows();
    expect(live).toHaveLength(4);
    expect(live.filter((row) => row.notify_push)).toHaveLength(1);

    const result = await rebuildProjection({
      eventStore: identity.eventStore,
      pool: identity.pool,
      schema: identitySchema,
      categories: categoriesOf(service),
      projection: usersProjection,
    });
    expect(result.events).toBe(9);
    expect(await userRows()).toEqual(live);
  });

  it('changes nothing when the same events are applied again', async () => {
    const before = await userRows();
    const client = await identity.pool.connect();
    try {
      for (const row of before) {
        const { events } = await identity.eventStore.readStream(`identity_user-${row.id}`);
        await usersProjection.applyBatch?.(events, client);
        for (const event of events) await usersProjection.apply(event, client);
      }
    } finally {
      client.release();
    }
    expect(await userRows()).toEqual(before);
  });
});
