import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IllegalStateError } from '@app/domain';
import type { EventStore } from '@app/eventing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import type { UserCommands } from '../../src/application/user-commands.js';
import { startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { createUser, listUsers, newUser, patchUser } from '../support/requests.js';

/** Each test starts from an empty database: "the last admin" is a fact about every account. */
let identity: IdentityHarness;
beforeEach(async () => {
  identity = await startIdentity();
});
afterEach(async () => {
  await identity?.close();
});

const options = { metadata: { actorId: 'test' } };
const activeAdmins = async () =>
  (await listUsers(identity)).filter((user) => user.role === 'admin' && user.isActive);

/**
 * An event store whose appends wait until `parties` appends are pending (or `patienceMs` passed): it holds
 * racing commands at the worst moment, after each decided and before any appended. With the admin guard only
 * one can get there; the patience is what it waits for a racer the guard is holding back.
 */
function appendsMeetFirst(store: EventStore, parties: number, patienceMs: number): EventStore {
  let arrived = 0;
  let everyoneHere: () => void = () => undefined;
  const meeting = new Promise<void>((resolve) => (everyoneHere = resolve));
  return {
    async append(stream, events, expected) {
      arrived += 1;
      if (arrived >= parties) everyoneHere();
      await Promise.race([meeting, new Promise((resolve) => setTimeout(resolve, patienceMs))]);
      return store.append(stream, events, expected);
    },
    readStream: (stream) => store.readStream(stream),
    subscribe: (subscribeOptions) => store.subscribe(subscribeOptions),
    headPosition: (categories) => store.headPosition(categories),
    storeId: () => store.storeId(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

describe('the last active administrator', () => {
  it('cannot be demoted over HTTP (409), while a second admin can be', async () => {
    const first = await createUser(identity, newUser({ role: 'admin' }));
    const second = await createUser(identity, newUser({ role: 'admin' }));
    expect((await patchUser(identity, second.user.id, { role: 'user' })).statusCode).toBe(200);

    const refused = await patchUser(identity, first.user.id, { role: 'tenant', firstName: 'Kept' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The last administrator cannot lose the admin role');
    expect(await activeAdmins()).toEqual([
      expect.objectContaining({ id: first.user.id, firstName: first.user.firstName }),
    ]);
  });

  it('cannot be deactivated, while another admin can be', async () => {
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const first = await createUser(identity, newUser({ role: 'admin' }));
    const second = await createUser(identity, newUser({ role: 'admin' }));
    const { position } = await commands.deactivate(second.user.id, options);
    await identity.projections.waitFor(position!, 5_000);
    await expect(commands.deactivate(first.user.id, options)).rejects.toThrow(
      new IllegalStateError('The last administrator cannot be deactivated'),
    );
  });

  it('survives two instances demoting the last two admins at once: one admin is left', async () => {
    const first = await createUser(identity, newUser({ role: 'admin' }));
    const second = await createUser(identity, newUser({ role: 'admin' }));
    // Two service instances: separate command wirings (and so separate in-process queues) on one database.
    const racing = appendsMeetFirst(identity.eventStore, 2, 500);
    const instances: UserCommands[] = [1, 2].map(() =>
      wireUserCommands(racing, identity.pool, () => new Date()),
    );
    const outcomes = await Promise.allSettled([
      instances[0]!.changeRole(first.user.id, 'tenant', options),
      instances[1]!.changeRole(second.user.id, 'tenant', options),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refusal?.reason).toBeInstanceOf(IllegalStateError);

    const states = await Promise.all(
      [first, second].map(async ({ user }) => {
        const { events } = await identity.eventStore.readStream(`identity_user-${user.id}`);
        return events.filter((event) => event.type === 'UserRoleChanged').length;
      }),
    );
    expect(states.sort()).toEqual([0, 1]);
  });

  it('does not count an admin whose demotion the read model has not shown yet', async () => {
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const first = await createUser(identity, newUser({ role: 'admin' }));
    const second = await createUser(identity, newUser({ role: 'admin' }));
    // Holding the projection's checkpoint row stalls the read model, which keeps listing `first` as admin.
    const blocker = await identity.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query("SELECT 1 FROM identity.checkpoints WHERE name = 'identity.users.v1' FOR UPDATE");
      await commands.changeRole(first.user.id, 'tenant', options);
      expect((await activeAdmins()).map((user) => user.id)).toContain(first.user.id);
      await expect(commands.changeRole(second.user.id, 'tenant', options)).rejects.toThrow(
        'The last administrator cannot lose the admin role',
      );
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
  });

  it('lets a promotion and a demotion race without losing the platform its admin', async () => {
    const admin = await createUser(identity, newUser({ role: 'admin' }));
    const tenant = await createUser(identity);
    const responses = await Promise.all([
      patchUser(identity, tenant.user.id, { role: 'admin' }),
      patchUser(identity, admin.user.id, { role: 'tenant' }),
    ]);
    expect(responses[0]?.statusCode).toBe(200);
    expect([200, 409]).toContain(responses[1]?.statusCode);
    expect((await activeAdmins()).length).toBeGreaterThanOrEqual(1);
  });
});
