import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { createSessionStore } from '../../src/sessions/session-store.js';
import { startIdentity } from '../support/identity-harness.js';
import { createUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

describe('DeactivateUser', () => {
  it("ends every session of the account, and no one else's", async () => {
    const sessions = createSessionStore({ pool: identity.pool });
    const { user } = await createUser(identity);
    const { user: other } = await createUser(identity);
    const mine = [await sessions.createSession(user.id), await sessions.createSession(user.id)];
    const theirs = await sessions.createSession(other.id);

    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    await commands.deactivate(user.id, { metadata: {} });

    for (const session of mine) expect(await sessions.resolveSession(session.token)).toBeNull();
    expect(await sessions.resolveSession(theirs.token)).toMatchObject({ userId: other.id });
  });

  it('keeps the sessions when the deactivation is refused (the last administrator)', async () => {
    const sessions = createSessionStore({ pool: identity.pool });
    const { user: admin } = await createUser(identity, {
      email: `only-admin-${Date.now()}@example.test`,
      role: 'admin',
    });
    const session = await sessions.createSession(admin.id);
    const commands = wireUserCommands(identity.eventStore, identity.pool, () => new Date());
    // Every other admin goes first, so this one is the last.
    const { rows } = await identity.pool.query<{ id: string }>(
      "SELECT id FROM users WHERE role = 'admin' AND is_active AND id <> $1",
      [admin.id],
    );
    for (const { id } of rows) await commands.deactivate(id, { metadata: {} });
    await expect(commands.deactivate(admin.id, { metadata: {} })).rejects.toThrow(
      'The last administrator cannot be deactivated',
    );
    expect(await sessions.resolveSession(session.token)).toMatchObject({ userId: admin.id });
  });
});
