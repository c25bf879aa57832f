import { beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@app/domain';
import { startedForFile } from '@app/test-support/started-for-file';
import { createUserDirectory, type UserDirectory } from '../../src/application/user-directory.js';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startIdentity } from '../support/identity-harness.js';
import { newEmail } from '../support/requests.js';

const identity = startedForFile(startIdentity);
let directory: UserDirectory;
beforeAll(() => {
  directory = createUserDirectory({
    db: identity.pool,
    commands: wireUserCommands(identity.eventStore, identity.pool, () => new Date()),
    projections: identity.projections,
    readYourWritesTimeoutMs: 5_000,
  });
});

describe('the user directory (for sign-up, sign-in and sessions)', () => {
  it('registers an account that is found at once, by email in any letters', async () => {
    const email = newEmail('signup');
    const { userId } = await directory.registerUser({
      email: `  ${email.toUpperCase()} `,
      firstName: 'Sam',
      role: 'tenant',
      registeredVia: 'sign-up',
    });
    expect(await directory.findUserByEmail(email.toUpperCase())).toEqual({
      id: userId,
      email,
      role: 'tenant',
      isActive: true,
    });
    expect(await directory.getUser(userId)).toMatchObject({
      id: userId,
      email,
      firstName: 'Sam',
      lastName: null,
    });
    const stored = await identity.eventStore.readStream(`identity_user-${userId}`);
    expect(stored.events[0]?.data).toMatchObject({ registeredVia: 'sign-up' });
  });

  it('refuses an invalid registration and a taken email with typed errors', async () => {
    const invalid = directory.registerUser({ email: 'nope', role: 'tenant', registeredVia: 'sign-up' });
    await expect(invalid).rejects.toBeInstanceOf(ValidationError);
    await expect(invalid).rejects.toThrow('Enter a valid email address');
    const email = newEmail();
    await directory.registerUser({ email, role: 'tenant', registeredVia: 'sign-up' });
    await expect(
      directory.registerUser({ email, role: 'tenant', registeredVia: 'sign-up' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('records that a password was set, as a fact without the password', async () => {
    const { userId } = await directory.registerUser({
      email: newEmail(),
      role: 'tenant',
      registeredVia: 'sign-up',
    });
    await directory.recordPasswordSet(userId, 'sign-up');
    const { events } = await identity.eventStore.readStream(`identity_user-${userId}`);
    expect(events.map((event) => [event.type, Object.keys(event.data).sort()])).toEqual([
      ['UserRegistered', expect.any(Array)],
      ['UserPasswordSet', ['firstPassword', 'reason', 'setAt', 'userId']],
    ]);
    await expect(
      directory.recordPasswordSet('0196f2a0-0000-7000-8000-0000000000ff', 'sign-up'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers null for unknown emails and ids, including ids that are not UUIDs', async () => {
    expect(await directory.findUserByEmail(newEmail('nobody'))).toBeNull();
    expect(await directory.getUser('0196f2a0-0000-7000-8000-0000000000ff')).toBeNull();
    expect(await directory.getUser('not-an-id')).toBeNull();
  });
});
