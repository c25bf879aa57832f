import { describe, expect, it } from 'vitest';
import { rebuildProjection } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { identitySchema } from '../../src/config.js';
import { usersProjection } from '../../src/projections/users.js';
import { service } from '../../src/service.js';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, createUser, newUser, patchUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

async function summary() {
  const response = await identity.app.inject({
    method: 'GET',
    url: '/api/admin/users/summary',
    headers: await asAdmin(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ totalUsers: number; adminUsers: number }>();
}

/** What the counters must say: counted afresh from the rows. */
async function countedAfresh() {
  const { rows } = await identity.pool.query<{ totalUsers: number; adminUsers: number }>(
    `SELECT count(*)::int AS "totalUsers", (count(*) FILTER (WHERE role = 'admin'))::int AS "adminUsers"
       FROM users`,
  );
  return rows[0];
}

describe('user counters', () => {
  it('start at nothing', async () => {
    expect(await summary()).toEqual({ totalUsers: 0, adminUsers: 0 });
  });

  it('follow registrations and role changes, and keep deactivated accounts', async () => {
    const admin = await createUser(identity, newUser({ role: 'admin' }));
    const casey = await createUser(identity);
    const robin = await createUser(identity);
    expect(await summary()).toEqual({ totalUsers: 3, adminUsers: 1 });

    expect((await patchUser(identity, casey.user.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await patchUser(identity, robin.user.id, { lastName: 'Renamed' })).statusCode).toBe(200);
    expect(await summary()).toEqual({ totalUsers: 3, adminUsers: 2 });

    expect((await patchUser(identity, admin.user.id, { role: 'user' })).statusCode).toBe(200);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const { position } = await commands.deactivate(robin.user.id, { metadata: {} });
    await identity.projections.waitFor(position!, 5_000);
    expect(await summary()).toEqual({ totalUsers: 3, adminUsers: 1 });
    expect(await summary()).toEqual(await countedAfresh());
  });

  it('equal a fresh count after the read model is rebuilt, and after events are applied again', async () => {
    await createUser(identity, newUser({ role: 'admin' }));
    const before = await summary();

    await rebuildProjection({
      eventStore: identity.eventStore,
      pool: identity.pool,
      schema: identitySchema,
      categories: categoriesOf(service),
      projection: usersProjection,
      batchSize: 2,
    });
    expect(await summary()).toEqual(before);
    expect(await summary()).toEqual(await countedAfresh());

    const { rows } = await identity.pool.query<{ id: string }>('SELECT id FROM users');
    const client = await identity.pool.connect();
    try {
      for (const { id } of rows) {
        const { events } = await identity.eventStore.readStream(`identity_user-${id}`);
        await usersProjection.applyBatch?.(events, client);
      }
    } finally {
      client.release();
    }
    expect(await summary()).toEqual(before);
  });
});
