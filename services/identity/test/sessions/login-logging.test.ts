import { describe, expect, it } from 'vitest';
import { internalKeyHeader } from '@app/service-kit';
import { freshEmail, internalKey, loginAppForFile, postForm, sessionCookieFrom } from './login-harness.js';

const lines: string[] = [];
const login = loginAppForFile({ logStream: { write: (line) => void lines.push(line) } });

describe('what sign-in logs', () => {
  it('never writes a password or a session token, whatever the path', async () => {
    const password = 'unmistakable passphrase 7731';
    const wrong = 'another unmistakable guess 4410';
    const email = freshEmail('logged');

    const signUp = await postForm(login.app, '/api/login/sign-up', { email, password });
    const first = sessionCookieFrom(signUp)?.value ?? '';
    const failed = await postForm(login.app, '/api/login', { email, password: wrong });
    const signIn = await postForm(login.app, '/api/login', { email, password }, { cookies: { sid: first } });
    const second = sessionCookieFrom(signIn)?.value ?? '';
    const resolved = await login.app.inject({
      method: 'POST',
      url: '/internal/sessions/resolve',
      payload: { sessionId: second },
      headers: { [internalKeyHeader]: internalKey },
    });
    const bad = await login.app.inject({
      method: 'POST',
      url: '/internal/sessions/resolve',
      payload: { sessionId: second },
    });
    const signOut = await login.app.inject({
      method: 'GET',
      url: '/api/logout',
      cookies: { sid: second },
      headers: { 'sec-fetch-site': 'same-origin' },
    });

    expect([
      signUp.statusCode,
      failed.statusCode,
      signIn.statusCode,
      resolved.statusCode,
      bad.statusCode,
      signOut.statusCode,
    ]).toEqual([303, 401, 303, 200, 401, 303]);
    expect(first).toHaveLength(43);
    expect(second).toHaveLength(43);
    const log = lines.join('');
    // The capture saw the traffic, so an empty log cannot pass for a clean one.
    expect(log).toContain('"msg":"Signed in"');
    expect(log).toContain('"msg":"Sign-in refused"');
    expect(log).toContain('/internal/sessions/resolve');
    for (const secret of [password, wrong, first, second, internalKey]) expect(log).not.toContain(secret);
  });

  it('never writes a password-setup link or the password chosen with it', async () => {
    const password = 'chosen from the link 5521';
    const user = login.accounts.add(freshEmail('linked'));
    const { token } = await login.setupTokens.issue(user.id);
    const page = await login.app.inject({ method: 'GET', url: `/api/login/setup?token=${token}` });
    const set = await postForm(login.app, '/api/login/setup', { token, password, confirmPassword: password });
    const used = await login.app.inject({ method: 'GET', url: `/api/login/setup?token=${token}` });

    expect([page.statusCode, set.statusCode, used.statusCode]).toEqual([200, 303, 410]);
    const log = lines.join('');
    expect(log).toContain('"msg":"Password set from a setup link"');
    expect(log).toContain('/api/login/setup');
    for (const secret of [token, password, sessionCookieFrom(set)?.value ?? '-']) {
      expect(log).not.toContain(secret);
    }
  });
});
