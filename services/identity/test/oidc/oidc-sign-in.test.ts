import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { signInAtProvider } from './provider-browser.js';
import { redirectUrl, startOidcHarness } from './oidc-harness.js';

const sso = startedForFile(startOidcHarness);

describe('the single sign-on flow', () => {
  it('offers the provider on the sign-in page', async () => {
    const page = await sso.identity.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fbilling' });
    expect(page.body).toContain('href="/api/login/oidc?returnTo=%2Fbilling">Sign in with Test IdP</a>');
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl } = await sso.start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(sso.provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: sso.provider.clientId,
      redirect_uri: redirectUrl,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
  });

  it('ends with a session and a 303 to returnTo, and spends the flow cookie', async () => {
    const response = await sso.signIn(sso.person());
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard');
    expect(await sso.sessionOwner(response)).not.toBeNull();
    expect(response.cookies.find((cookie) => cookie.name === 'oidc_flow')?.value).toBe('');
  });

  it('refuses a callback whose state belongs to another flow (login CSRF)', async () => {
    const who = sso.person();
    const mine = await sso.start();
    const theirs = await sso.start();
    const back = await signInAtProvider(theirs.authorizationUrl, redirectUrl, who);
    const response = await sso.callback(back, mine.flow);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('We could not complete sign-in with Test IdP.');
    expect(await sso.sessionOwner(response)).toBeNull();
    // The same answer, taken with its own flow, works: only the mismatch was refused.
    expect((await sso.callback(back, theirs.flow)).statusCode).toBe(303);
  });

  it('refuses a callback without the flow cookie, or with a forged or altered one', async () => {
    const { authorizationUrl, flow } = await sso.start();
    const back = await signInAtProvider(authorizationUrl, redirectUrl, sso.person());
    for (const cookie of [undefined, 'forged', `${flow.slice(0, -2)}AA`]) {
      const response = await sso.callback(back, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This sign-in attempt has expired or did not start in this browser.');
      expect(await sso.sessionOwner(response)).toBeNull();
    }
  });

  it('says so when the person declines at the provider', async () => {
    const { authorizationUrl, flow } = await sso.start();
    const back = await signInAtProvider(authorizationUrl, redirectUrl, { ...sso.person(), decline: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const response = await sso.callback(back, flow);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in with Test IdP was cancelled.');
  });

  it('answers junk at the callback with a page, never a session', async () => {
    const { flow } = await sso.start();
    for (const query of ['', '?code=x', '?code=x&state=y', '?error=server_error&state=y', '?code=a&code=b']) {
      const response = await sso.callback(new URL(`${redirectUrl}${query}`), flow);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(await sso.sessionOwner(response)).toBeNull();
    }
  });

  it('never redirects off-site after sign-in', async () => {
    const response = await sso.signIn(sso.person(), '//evil.example');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });
});
