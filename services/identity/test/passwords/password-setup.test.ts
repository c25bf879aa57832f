import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createCredentialStore } from '../../src/credentials/credential-store.js';
import { createSessionStore } from '../../src/sessions/session-store.js';
import { postForm, sessionCookieFrom, strongPassword } from '../sessions/login-harness.js';
import { startIdentity } from '../support/identity-harness.js';
import { attributesOf, parsePage } from '../support/parse-page.js';
import { asAdmin, createUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

const expired = 'This link has expired or was already used. Ask an administrator for a new one.';

function tokenOf(url: string): string {
  return new URL(url, 'http://app.test').searchParams.get('token') ?? '';
}

function openLink(token: string) {
  return identity.app.inject({ method: 'GET', url: `/api/login/setup?token=${encodeURIComponent(token)}` });
}

function submit(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(identity.app, '/api/login/setup', fields, { headers });
}

async function passwordSetEvents(userId: string) {
  const { events } = await identity.eventStore.readStream(`identity_user-${userId}`);
  return events.filter((event) => event.type === 'UserPasswordSet').map((event) => event.data);
}

async function passwordSets(userId: string): Promise<number> {
  return (await passwordSetEvents(userId)).length;
}

describe('choosing a password from an admin-created account link', () => {
  it('serves the form for a fresh link, showing whose password it is', async () => {
    const { user, passwordSetup } = await createUser(identity);
    expect(Date.parse(passwordSetup.expiresAt) - Date.now()).toBeGreaterThan(71.9 * 60 * 60 * 1000);
    const page = await openLink(tokenOf(passwordSetup.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Choose your password');
    expect(page.body).toContain(`value="${user.email}"`);
    const document = parsePage(page.body);
    expect(attributesOf(document, '#password')).toMatchObject({
      name: 'password',
      type: 'password',
      autocomplete: 'new-password',
    });
    expect(attributesOf(document, '#confirmPassword')).toMatchObject({
      name: 'confirmPassword',
      type: 'password',
    });
    expect(page.body).toContain(`name="token" value="${tokenOf(passwordSetup.url)}"`);
  });

  it('sets the password, records it, ends other sessions and signs in', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const sessions = createSessionStore({ pool: identity.pool });
    const elsewhere = await sessions.createSession(user.id);
    const token = tokenOf(passwordSetup.url);

    const response = await submit({ token, password: strongPassword, confirmPassword: strongPassword });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    const cookie = sessionCookieFrom(response);
    expect(await sessions.resolveSession(cookie?.value ?? '')).toMatchObject({ userId: user.id });
    expect(await sessions.resolveSession(elsewhere.token)).toBeNull();
    expect(await createCredentialStore(identity.pool).verifyPassword(user.id, strongPassword)).toBe(true);
    expect(await passwordSetEvents(user.id)).toEqual([
      { userId: user.id, reason: 'setup-link', firstPassword: true, setAt: expect.any(String) },
    ]);

    const signIn = await postForm(identity.app, '/api/login', {
      email: user.email,
      password: strongPassword,
    });
    expect(signIn.statusCode).toBe(303);
  });

  it('records a password chosen through a later link as a change of the first', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const first = {
      token: tokenOf(passwordSetup.url),
      password: strongPassword,
      confirmPassword: strongPassword,
    };
    expect((await submit(first)).statusCode).toBe(303);
    const reissued = await identity.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/password-setup`,
      headers: await asAdmin(),
    });
    const reset = 'another fine passphrase 2032';
    const token = tokenOf(reissued.json<{ url: string }>().url);
    expect((await submit({ token, password: reset, confirmPassword: reset })).statusCode).toBe(303);
    expect(
      (await passwordSetEvents(user.id)).map(({ reason, firstPassword }) => [reason, firstPassword]),
    ).toEqual([
      ['setup-link', true],
      ['setup-link', false],
    ]);
  });

  it('works once: a used link gets the expired page, on GET and POST alike', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const token = tokenOf(passwordSetup.url);
    const fields = { token, password: strongPassword, confirmPassword: strongPassword };
    expect((await submit(fields)).statusCode).toBe(303);
    for (const response of [
      await openLink(token),
      await submit({ ...fields, password: 'another fine passphrase' }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain(expired);
      expect(sessionCookieFrom(response)).toBeUndefined();
    }
    expect(await passwordSets(user.id)).toBe(1);
  });

  it('lets exactly one of two simultaneous submits through', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const fields = {
      token: tokenOf(passwordSetup.url),
      password: strongPassword,
      confirmPassword: strongPassword,
    };
    const responses = await Promise.all([submit(fields), submit(fields)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([303, 410]);
    expect(await passwordSets(user.id)).toBe(1);
  });

  it('refuses an expired link', async () => {
    const { user, passwordSetup } = await createUser(identity);
    await identity.pool.query(
      "UPDATE password_setup_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    );
    const response = await openLink(tokenOf(passwordSetup.url));
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain(expired);
  });

  it('explains each password problem beside its field, keeps the link usable, and changes nothing', async () => {
    const { user, passwordSetup } = await createUser(identity);
    const token = tokenOf(passwordSetup.url);
    const cases: Array<[Record<string, string>, string]> = [
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 12 characters.'],
      [{ password: 'Password1234', confirmPassword: 'Password1234' }, 'This password is too common'],
      [
        { password: strongPassword, confirmPassword: `${strongPassword}!` },
        'The two passwords do not match.',
      ],
      [{ password: strongPassword, confirmPassword: '' }, 'Enter the password again.'],
      [{ password: '', confirmPassword: '' }, 'Enter a password.'],
    ];
    for (const [fields, message] of cases) {
      const response = await submit({ token, ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
      expect(response.body).not.toContain(strongPassword);
      expect(sessionCookieFrom(response)).toBeUndefined();
    }
    expect(await passwordSets(user.id)).toBe(0);
    expect((await openLink(token)).statusCode).toBe(200);
  });

  it('answers junk tokens with the expired page', async () => {
    for (const url of [
      '/api/login/setup',
      '/api/login/setup?token=',
      '/api/login/setup?token=abc',
      `/api/login/setup?token=${'A'.repeat(43)}`,
      '/api/login/setup?token=a&token=b',
      `/api/login/setup?token=${'x'.repeat(5000)}`,
    ]) {
      const response = await identity.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(410);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    const posted = await submit({ password: strongPassword, confirmPassword: strongPassword });
    expect(posted.statusCode).toBe(410);
  });

  it('refuses a form posted from another site, leaving the link unspent', async () => {
    const { passwordSetup } = await createUser(identity);
    const token = tokenOf(passwordSetup.url);
    const fields = { token, password: strongPassword, confirmPassword: strongPassword };
    const response = await submit(fields, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(sessionCookieFrom(response)).toBeUndefined();
    expect((await openLink(token)).statusCode).toBe(200);
  });
});
