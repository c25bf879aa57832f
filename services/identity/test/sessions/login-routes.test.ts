import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshEmail, loginAppForFile, postForm, sessionCookieFrom, strongPassword } from './login-harness.js';

const login = loginAppForFile();

/** An account with a password, made the way an admin-created account gets one. */
async function account(overrides: { isActive?: boolean } = {}) {
  const email = freshEmail();
  const user = login.accounts.add(email, overrides);
  await login.credentials.setPassword(user.id, strongPassword);
  return { email, user };
}

let clients = 0;
/** Each sign-in from an address of its own: the per-address limit has its own test file. */
function nextClientIp(): string {
  clients += 1;
  return `198.51.100.${clients}`;
}

async function signIn(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(login.app, '/api/login', fields, { from: nextClientIp(), headers });
}

function signUp(fields: Record<string, string>) {
  return postForm(login.app, '/api/login/sign-up', fields);
}

describe('GET /api/login', () => {
  it('serves the sign-in page as self-contained HTML', async () => {
    const response = await login.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fdashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(response.body).toContain('Welcome back');
    expect(response.body).toContain('name="returnTo" value="/dashboard"');
    expect(response.body).not.toMatch(/<(script|link)\b|src="http/);
  });

  it('lets exactly its own style block through the Content-Security-Policy', async () => {
    const response = await login.app.inject({ method: 'GET', url: '/api/login' });
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    const digest = createHash('sha256').update(style).digest('base64');
    expect(style.length).toBeGreaterThan(100);
    expect(response.headers['content-security-policy']).toContain(`style-src 'sha256-${digest}'`);
  });

  it('opens the sign-up view with ?mode=sign-up (Get Started, Start Free Trial)', async () => {
    const response = await login.app.inject({ method: 'GET', url: '/api/login?mode=sign-up' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Create your account');
    expect(response.body).toContain('action="/api/login/sign-up"');
  });

  it('escapes a hostile returnTo and falls back to / for a foreign one', async () => {
    const hostile = await login.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('/x"><script>alert(1)</script>')}`,
    });
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('value="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    const foreign = await login.app.inject({ method: 'GET', url: '/api/login?returnTo=//evil.example' });
    expect(foreign.body).toContain('name="returnTo" value="/"');
  });

  it('tolerates a nonsense mode and repeated parameters', async () => {
    const response = await login.app.inject({
      method: 'GET',
      url: '/api/login?mode=admin&returnTo=/a&returnTo=/b',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Welcome back');
    expect(response.body).toContain('name="returnTo" value="/"');
  });
});

describe('POST /api/login', () => {
  it('signs in: a new session cookie and 303 to returnTo', async () => {
    const { email, user } = await account();
    const response = await signIn({
      email: email.toUpperCase(),
      password: strongPassword,
      returnTo: '/dashboard',
    });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard');
    const cookie = sessionCookieFrom(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await login.sessions.resolveSession(cookie?.value ?? '')).toMatchObject({ userId: user.id });
  });

  it('sets the cookie HttpOnly, SameSite=Lax, Path=/, Max-Age of the absolute lifetime, not Secure over http', async () => {
    const { email } = await account();
    const response = await signIn({ email, password: strongPassword });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${7 * 24 * 60 * 60}`);
    expect(header).not.toContain('Secure');
  });

  it('marks the cookie Secure when the gateway says the browser came over https', async () => {
    const { email } = await account();
    const response = await signIn({ email, password: strongPassword }, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('gives the same 401 page for an unknown email and a wrong password', async () => {
    const { email } = await account();
    const unknown = await signIn({ email: freshEmail('nobody'), password: strongPassword });
    const wrong = await signIn({ email, password: 'not the right password' });

    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).toContain(
        'role="alert" aria-live="assertive">Incorrect email or password.</div>',
      );
    }
    const withoutEmail = (body: string) => body.replaceAll(/value="[^"]*@example\.test"/g, '');
    expect(withoutEmail(unknown.body)).toBe(withoutEmail(wrong.body));
    expect(wrong.body).not.toContain('not the right password');
  });

  it('refuses a deactivated account with the same message', async () => {
    const { email } = await account({ isActive: false });
    const response = await signIn({ email, password: strongPassword });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Incorrect email or password.');
  });

  it('asks for missing fields beside them', async () => {
    const response = await signIn({ email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p class="field-error" id="email-error">Enter your email address.</p>');
    expect(response.body).toContain('<p class="field-error" id="password-error">Enter your password.</p>');
  });

  it('issues a new session id at every sign-in and ends the one the browser had', async () => {
    const { email } = await account();
    const first = sessionCookieFrom(await signIn({ email, password: strongPassword }));
    const again = await signIn({ email, password: strongPassword }, { cookie: `sid=${first?.value}` });
    const second = sessionCookieFrom(again);

    expect(second?.value).toBeDefined();
    expect(second?.value).not.toBe(first?.value);
    expect(await login.sessions.resolveSession(first?.value ?? '')).toBeNull();
    expect(await login.sessions.resolveSession(second?.value ?? '')).not.toBeNull();
  });

  it('never redirects off-site', async () => {
    const { email } = await account();
    for (const returnTo of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\t/evil.example',
    ]) {
      const response = await signIn({ email, password: strongPassword, returnTo });
      expect(response.headers.location).toBe('/');
    }
  });

  it('refuses a form posted from another site (login CSRF)', async () => {
    const { email } = await account();
    const response = await signIn({ email, password: strongPassword }, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/login/sign-up', () => {
  it('creates a tenant account, stores the password, records it and signs in', async () => {
    const email = freshEmail('new');
    const response = await signUp({
      email,
      password: strongPassword,
      firstName: ' Ada ',
      lastName: '',
      returnTo: '/checkout?product=x',
    });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/checkout?product=x');
    const user = [...login.accounts.users.values()].find((candidate) => candidate.email === email);
    expect(user).toMatchObject({ role: 'tenant', firstName: 'Ada', lastName: null, isActive: true });
    expect(login.accounts.passwordSets).toContainEqual({ userId: user?.id, reason: 'sign-up' });
    expect(await login.credentials.verifyPassword(user?.id ?? null, strongPassword)).toBe(true);
    const session = await login.sessions.resolveSession(sessionCookieFrom(response)?.value ?? '');
    expect(session?.userId).toBe(user?.id);

    const signInAfter = await signIn({ email, password: strongPassword });
    expect(signInAfter.statusCode).toBe(303);
  });

  it('does not confirm that an email already has an account', async () => {
    const { email } = await account();
    const response = await signUp({ email, password: 'another strong passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain(
      'We could not create an account with these details. If you already have an account, sign in.',
    );
    const { user } = await account();
    const again = await signUp({ email: user.email, password: 'another strong passphrase' });
    expect(again.statusCode).toBe(400);
    // The existing account's password is untouched.
    expect(await login.credentials.verifyPassword(user.id, strongPassword)).toBe(true);
    expect(await login.credentials.verifyPassword(user.id, 'another strong passphrase')).toBe(false);
  });

  it('explains each field problem and keeps what was typed, except the password', async () => {
    const response = await signUp({
      email: 'not-an-email',
      password: 'Password1234',
      firstName: '<b>Ada</b>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a valid email address, like name@example.com.');
    expect(response.body).toContain('This password is too common and easy to guess. Choose a different one.');
    expect(response.body).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
    expect(response.body).not.toContain('Password1234');
  });

  it('enforces the length rule', async () => {
    const response = await signUp({ email: freshEmail(), password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Password must be at least 12 characters.');
  });
});
