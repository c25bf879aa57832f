import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { ownedCategories } from '../../src/runtime.js';
import { demoAccounts } from '../../src/seed/demo-users.js';
import { seedDemoUsers } from '../../src/seed/seed-demo-users.js';
import { startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { listUsers } from '../support/requests.js';

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

describe('the demo seed', () => {
  it('registers one admin and two customers once, however often it runs', async () => {
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const first = await seedDemoUsers(commands);
    expect(first).toEqual({ created: demoAccounts.map((account) => account.email), alreadyPresent: [] });
    const again = await seedDemoUsers(commands);
    expect(again).toEqual({ created: [], alreadyPresent: first.created });

    const { rows } = await identity.pool.query<{ count: string }>('SELECT count(*) FROM eventstore.events');
    expect(Number(rows[0]?.count)).toBe(3);
    const head = await identity.eventStore.headPosition(ownedCategories);
    expect(head !== 'start' && (await identity.projections.waitFor(head, 5_000))).toBe(true);
    const users = await listUsers(identity);
    expect(
      users.map(({ id, email, firstName, lastName, role }) => ({ id, email, firstName, lastName, role })),
    ).toEqual(
      expect.arrayContaining(
        demoAccounts.map(({ id, email, firstName, lastName, role }) => ({
          id,
          email,
          firstName,
          lastName,
          role,
        })),
      ),
    );
    expect(users.filter((user) => user.role === 'admin').map((user) => user.email)).toEqual([
      'admin@demo.local',
    ]);
  });
});
