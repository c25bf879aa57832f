import { expect } from 'vitest';
import { createSessionStore } from '../../src/sessions/session-store.js';
import { startIdentity, type IdentityHarness } from '../support/identity-harness.js';
import { newEmail } from '../support/requests.js';
import { signInAtProvider } from './provider-browser.js';
import { startTestProvider, type ProviderAccount, type TestProvider } from './test-provider.js';

export const redirectUrl = 'http://app.example.test/api/login/oidc/callback';

type Claims = Partial<ProviderAccount['claims']>;
type InjectResponse = Awaited<ReturnType<IdentityHarness['app']['inject']>>;

/** Identity configured for single sign-on with a real provider started for this test file. */
export async function startOidcHarness() {
  const provider: TestProvider = await startTestProvider(redirectUrl);
  const identity = await startIdentity({
    oidc: {
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUrl,
      providerName: 'Test IdP',
    },
  });
  let people = 0;

  /** A person at the provider with a fresh login and, unless given, a fresh verified email. */
  function person(claims: Claims = {}) {
    people += 1;
    const login = `person-${Date.now()}-${people}`;
    const password = `provider password ${people}`;
    const email = claims.email ?? newEmail('sso');
    provider.accounts.set(login, { password, claims: { email, email_verified: true, ...claims } });
    return { login, password, email };
  }

  /** Our start route: its redirect to the provider and the sealed flow cookie. */
  async function start(returnTo = '/dashboard') {
    const response = await identity.app.inject({
      method: 'GET',
      url: `/api/login/oidc?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(response.statusCode).toBe(303);
    const flow = response.cookies.find((cookie) => cookie.name === 'oidc_flow');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login/oidc', maxAge: 600 });
    return { authorizationUrl: String(response.headers.location), flow: flow?.value ?? '' };
  }

  /** The provider sends the browser back: our callback, with the flow cookie the browser holds (if any). */
  function callback(back: URL, flow: string | undefined) {
    return identity.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      ...(flow === undefined ? {} : { cookies: { oidc_flow: flow } }),
    });
  }

  /** The whole round trip, as a browser makes it. */
  async function signIn(who: { login: string; password: string }, returnTo = '/dashboard') {
    const { authorizationUrl, flow } = await start(returnTo);
    return callback(await signInAtProvider(authorizationUrl, redirectUrl, who), flow);
  }

  /** Whose session the response's cookie starts; null when it set none. */
  async function sessionOwner(response: InjectResponse): Promise<string | null> {
    const token = response.cookies.find((cookie) => cookie.name === 'sid')?.value;
    if (token === undefined) return null;
    return (await createSessionStore({ pool: identity.pool }).resolveSession(token))?.userId ?? null;
  }

  return {
    provider,
    identity,
    person,
    start,
    callback,
    signIn,
    sessionOwner,
    async close() {
      await identity.close();
      await provider.close();
    },
  };
}

export type OidcHarness = Awaited<ReturnType<typeof startOidcHarness>>;
