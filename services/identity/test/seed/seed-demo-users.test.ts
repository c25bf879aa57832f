import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { demoAccounts } from '@app/demo-fixtures';
import { seedDemoUsers } from '../../src/seed/seed-demo-users.js';
import { startIdentity } from '../support/identity-harness.js';
import { listUsers } from '../support/requests.js';

const identity = startedForFile(startIdentity);

describe('the demo seed', () => {
  it('registers one admin and two customers once, however often it runs', async () => {
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    const first = await seedDemoUsers(commands);
    expect(first).toEqual({ created: demoAccounts.map((account) => account.email), alreadyPresent: [] });
    const again = await seedDemoUsers(commands);
    expect(again).toEqual({ created: [], alreadyPresent: first.created });

    const { rows } = await identity.pool.query<{ count: string }>('SELECT count(*) FROM eventstore.events');
    expect(Number(rows[0]?.count)).toBe(3);
    // Polled, not headPosition: that stops below any transaction still open anywhere in the cluster (another
    // test file's), so under a parallel run it can name the second registration while the third is in flight.
    const users = await eventually(async () => {
      const listed = await listUsers(identity);
      return demoAccounts.every((account) => listed.some((user) => user.id === account.id)) ? listed : null;
    });
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

async function eventually<T>(probe: () => Promise<T | null>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error('The read model did not show the demo accounts in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
