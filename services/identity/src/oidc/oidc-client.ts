import * as client from 'openid-client';

/** OIDC_* configuration (config.ts): present only when single sign-on is on. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Our callback as registered with the provider: <PUBLIC_URL>/api/login/oidc/callback unless set. */
  redirectUrl: string;
  /** Shown as "Sign in with <providerName>". */
  providerName: string;
}

/** What the callback has to match: kept in the browser's sealed cookie between start and callback. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** The person the provider vouched for. `issuer` + `subject` name them for good; the email may change. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export interface OidcClient {
  readonly providerName: string;
  /** A new authorization-code flow with PKCE, state and nonce; throws when the provider cannot be reached. */
  start(returnTo: string): Promise<{ authorizationUrl: URL; flow: OidcFlow }>;
  /**
   * Redeems the callback (its query string as received) for tokens, checking state, nonce, PKCE and the ID
   * token's signature, issuer, audience and expiry; throws on any mismatch or provider error.
   */
  finish(callbackQuery: string, flow: OidcFlow): Promise<OidcClaims>;
}

const scope = 'openid email profile';
/** The provider's answers are bounded in time, so a hung provider cannot hold a sign-in forever. */
const timeoutSeconds = 10;

/**
 * openid-client v6 (certified relying party) against one provider. Discovery happens at first use and is
 * retried after a failure, so identity starts, and password sign-in works, while the provider is down.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;
  const discovered = () => {
    configuration ??= discover(settings).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    providerName: settings.providerName,

    async start(returnTo) {
      const config = await discovered();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo,
      };
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUrl,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { authorizationUrl, flow };
    },

    async finish(callbackQuery, flow) {
      const config = await discovered();
      // Our registered redirect URL, not the Host header, is what the token request must repeat.
      const currentUrl = new URL(settings.redirectUrl);
      currentUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (idToken === undefined) throw new Error('The provider returned no ID token');
      // Many providers put email claims only in UserInfo for the code flow; take both claims from one source.
      const source: Record<string, unknown> =
        typeof idToken.email === 'string' && idToken.email_verified !== undefined
          ? idToken
          : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: typeof source.email === 'string' ? source.email : null,
        // Some providers send the string "true"; anything else is not a verification.
        emailVerified: source.email_verified === true || source.email_verified === 'true',
        givenName: stringClaim(source.given_name) ?? stringClaim(idToken.given_name),
        familyName: stringClaim(source.family_name) ?? stringClaim(idToken.family_name),
      };
    },
  };
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  // Plain http only to a provider on this machine (development, tests); anywhere else it must be https.
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
  const config = await client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    insecure
      ? { execute: [client.allowInsecureRequests], timeout: timeoutSeconds }
      : { timeout: timeoutSeconds },
  );
  config.timeout = timeoutSeconds;
  return config;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
