import { describe, expect, it } from 'vitest';
import { attributesOf, parsePage } from '../support/parse-page.js';
import { freshEmail, loginAppForFile, postForm, sessionCookieFrom, strongPassword } from './login-harness.js';

const login = loginAppForFile();

/** A live session's token, as the browser's cookie holds it. */
async function signedIn(): Promise<string> {
  const user = login.accounts.add(freshEmail('leaving'));
  await login.credentials.setPassword(user.id, strongPassword);
  const response = await postForm(login.app, '/api/login', { email: user.email, password: strongPassword });
  return sessionCookieFrom(response)?.value ?? '';
}

function followLink(token: string | undefined, headers: Record<string, string>) {
  return login.app.inject({
    method: 'GET',
    url: '/api/logout',
    headers,
    ...(token === undefined ? {} : { cookies: { sid: token } }),
  });
}

async function expectSignedOut(response: Awaited<ReturnType<typeof followLink>>, token: string) {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/');
  const cleared = String(response.headers['set-cookie']);
  expect(cleared).toMatch(/^sid=;/);
  expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  expect(cleared).toContain('Path=/');
  expect(await login.sessions.resolveSession(token)).toBeNull();
}

async function expectAskedToConfirm(response: Awaited<ReturnType<typeof followLink>>, token: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.body).toContain('<h1 id="page-title">Sign out?</h1>');
  expect(attributesOf(parsePage(response.body), 'form')).toEqual({ method: 'post', action: '/api/logout' });
  expect(response.body).toContain('<a href="/">Stay signed in</a>');
  expect(await login.sessions.resolveSession(token)).not.toBeNull();
}

describe('GET /api/logout', () => {
  it("signs out at once from the app's own link: ends the session, clears the cookie, goes home", async () => {
    const token = await signedIn();
    await expectSignedOut(await followLink(token, { 'sec-fetch-site': 'same-origin' }), token);
  });

  it('signs out at once when typed or bookmarked (Sec-Fetch-Site: none)', async () => {
    const token = await signedIn();
    await expectSignedOut(await followLink(token, { 'sec-fetch-site': 'none' }), token);
  });

  it.each(['cross-site', 'same-site'])(
    'asks to confirm a link followed from another site (Sec-Fetch-Site: %s), keeping the session',
    async (site) => {
      const token = await signedIn();
      await expectAskedToConfirm(await followLink(token, { 'sec-fetch-site': site }), token);
    },
  );

  it('judges by Origin or Referer where Sec-Fetch-Site is absent, and asks when neither says', async () => {
    const fromUs = await signedIn();
    await expectSignedOut(await followLink(fromUs, { referer: 'http://localhost/dashboard' }), fromUs);
    const behindGateway = await signedIn();
    const gatewayHeaders = {
      'x-forwarded-host': 'shop.example.com',
      'x-forwarded-proto': 'https',
      referer: 'https://shop.example.com/settings',
    };
    await expectSignedOut(await followLink(behindGateway, gatewayHeaders), behindGateway);

    const token = await signedIn();
    await expectAskedToConfirm(await followLink(token, { referer: 'https://evil.example/page' }), token);
    await expectAskedToConfirm(await followLink(token, { origin: 'null' }), token);
    await expectAskedToConfirm(await followLink(token, {}), token);
  });

  it('answers the same without a session, whoever links here', async () => {
    const response = await followLink(undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });
});

describe('POST /api/logout (the confirmation)', () => {
  function confirm(token: string, site: string) {
    // The page's form has no fields: an empty body, so the gateway's JSON-only rule has nothing to refuse.
    return login.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { sid: token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
    });
  }

  it('signs out', async () => {
    const token = await signedIn();
    await expectSignedOut(await confirm(token, 'same-origin'), token);
  });

  it('refuses a form posted from another site, keeping the session', async () => {
    const token = await signedIn();
    const response = await confirm(token, 'cross-site');
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain('Signing out can only be confirmed on this site.');
    expect(await login.sessions.resolveSession(token)).not.toBeNull();
  });
});
