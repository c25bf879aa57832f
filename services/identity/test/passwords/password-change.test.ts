import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { identityHeaders } from '@app/service-kit/testing';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { createCredentialStore } from '../../src/credentials/credential-store.js';
import { createSessionStore } from '../../src/sessions/session-store.js';
import { postForm, sessionCookieFrom, strongPassword } from '../sessions/login-harness.js';
import { countEvents, startIdentity } from '../support/identity-harness.js';
import { asUser, createUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

const newPassword = 'a brand new passphrase 2031';
let clients = 0;

/** An account with a password (its first, recorded as the setup page records it), signed in from two browsers. */
async function signedInTwice() {
  const { user } = await createUser(identity);
  await createCredentialStore(identity.pool).setPassword(user.id, strongPassword);
  await wireUserCommands(identity.eventStore, identity.pool, () => new Date()).recordPasswordSet(
    user.id,
    'setup-link',
    { metadata: {} },
  );
  const signIn = async () => {
    clients += 1;
    const response = await postForm(
      identity.app,
      '/api/login',
      { email: user.email, password: strongPassword },
      { from: `203.0.113.${clients}` },
    );
    return sessionCookieFrom(response)?.value ?? '';
  };
  return { user, here: await signIn(), elsewhere: await signIn() };
}

async function change(userId: string, session: string | undefined, payload: unknown, extra = {}) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: { ...(await asUser(userId)), ...extra },
    ...(session === undefined ? {} : { cookies: { sid: session } }),
    payload: payload as string | object,
  });
}

const sessions = () => createSessionStore({ pool: identity.pool });
const verify = (userId: string, password: string) =>
  createCredentialStore(identity.pool).verifyPassword(userId, password);

describe('POST /api/auth/password', () => {
  it('changes the password, records it, and ends the other sessions only', async () => {
    const { user, here, elsewhere } = await signedInTwice();
    const before = await countEvents(identity.pool);
    const response = await change(user.id, here, { currentPassword: strongPassword, newPassword });
    expect(response.statusCode).toBe(204);
    expect(await verify(user.id, newPassword)).toBe(true);
    expect(await verify(user.id, strongPassword)).toBe(false);
    expect(await sessions().resolveSession(here)).toMatchObject({ userId: user.id });
    expect(await sessions().resolveSession(elsewhere)).toBeNull();
    expect(await countEvents(identity.pool)).toBe(before + 1);
    const { events } = await identity.eventStore.readStream(`identity_user-${user.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'UserPasswordSet',
      data: { userId: user.id, reason: 'settings', firstPassword: false },
    });
  });

  it('refuses a wrong current password with a clear message, changing nothing', async () => {
    const { user, here, elsewhere } = await signedInTwice();
    const before = await countEvents(identity.pool);
    const response = await change(user.id, here, { currentPassword: 'not my password', newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: 'Your current password is incorrect.',
      errors: [{ path: 'currentPassword', message: 'Your current password is incorrect.' }],
    });
    expect(await verify(user.id, strongPassword)).toBe(true);
    expect(await sessions().resolveSession(elsewhere)).not.toBeNull();
    expect(await countEvents(identity.pool)).toBe(before);
  });

  it.each([
    ['short', 'Password must be at least 12 characters.'],
    ['Password1234', 'This password is too common and easy to guess. Choose a different one.'],
    ['', 'Enter a password.'],
    [strongPassword, 'Choose a new password that is different from your current one.'],
  ])('refuses the new password %j: "%s"', async (candidate, message) => {
    const { user, here } = await signedInTwice();
    const before = await countEvents(identity.pool);
    const response = await change(user.id, here, { currentPassword: strongPassword, newPassword: candidate });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'newPassword', message }]);
    expect(await verify(user.id, strongPassword)).toBe(true);
    expect(await countEvents(identity.pool)).toBe(before);
  });

  it('is rate limited per account and address like sign-in, even for the right password', async () => {
    const { user, here } = await signedInTwice();
    // The caller's address is the socket's peer here (inject's 127.0.0.1): the forwarding header counts for nothing.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = { currentPassword: `guess ${attempt}`, newPassword };
      const wrong = await change(user.id, here, guess, { 'x-forwarded-for': `198.18.0.${attempt}` });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await change(user.id, here, { currentPassword: strongPassword, newPassword });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
    expect(await verify(user.id, strongPassword)).toBe(true);
    // The same budget as sign-in from that address: the account's sign-in there is held back too.
    const signIn = await postForm(identity.app, '/api/login', {
      email: user.email,
      password: strongPassword,
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('needs a signed-in caller whose account exists and is active (401)', async () => {
    const payload = { currentPassword: strongPassword, newPassword };
    const anonymous = await identity.app.inject({ method: 'POST', url: '/api/auth/password', payload });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: await identityHeaders('tenant'),
      payload,
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses bad input with a problem, changing nothing', async () => {
    const { user, here } = await signedInTwice();
    const before = await countEvents(identity.pool);
    const json = { 'content-type': 'application/json' };
    const cases: Array<[unknown, Record<string, string>, number]> = [
      [{ currentPassword: strongPassword }, json, 400],
      [{ newPassword }, json, 400],
      [{ currentPassword: 42, newPassword: ['x'] }, json, 400],
      [{ currentPassword: strongPassword, newPassword, role: 'admin' }, json, 400],
      [{ currentPassword: 'x'.repeat(2000), newPassword }, json, 400],
      ['{"currentPassword": ', json, 400],
      ['currentPassword=x', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ];
    for (const [payload, headers, status] of cases) {
      const response = await change(
        user.id,
        here,
        typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers,
      );
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect(await verify(user.id, strongPassword)).toBe(true);
    expect(await countEvents(identity.pool)).toBe(before);
  });
});
