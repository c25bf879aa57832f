import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { memoryAdapter } from './memory-adapter.js';

/** A person at the test provider: a password to type at its login, and the claims it vouches for. */
export interface ProviderAccount {
  password: string;
  claims: { email: string; email_verified: boolean; given_name?: string; family_name?: string };
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, the certified Node implementation) on a free local port, with a
 * minimal interaction app of our own in place of its development pages: GET /interaction/:uid says which prompt
 * is due (JSON), POST …/login checks a password, POST …/confirm grants what was asked, POST …/abort declines.
 */
export async function startTestProvider(redirectUrl: string): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  // The issuer URL holds the port, known only once the server listens: the provider comes after.
  const started: { provider?: Provider } = {};
  const server = createServer((request, response) => {
    const { provider } = started;
    if (provider === undefined) return void response.writeHead(503).end();
    if (request.url?.startsWith('/interaction/')) {
      interact(provider, accounts, request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    void provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'identity-tests';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    adapter: memoryAdapter(),
    // Explicit lifetimes (seconds) instead of the library's defaults, which it announces on first use.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_context, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
    },
  };
  started.provider = new Provider(issuer, configuration);
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUrl,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function interact(
  provider: Provider,
  accounts: Map<string, ProviderAccount>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  const action = request.url?.split('?')[0]?.split('/')[3];
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
  }
  const form = new URLSearchParams(await bodyOf(request));
  if (action === 'login') {
    const account = accounts.get(form.get('login') ?? '');
    if (account === undefined || account.password !== form.get('password')) {
      return void response.writeHead(401).end('wrong login');
    }
    const login = { accountId: form.get('login') ?? '' };
    return provider.interactionFinished(request, response, { login }, { mergeWithLastSubmission: false });
  }
  if (action === 'confirm') {
    const { params, session, prompt } = details;
    const grant = new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
    const missingScope = prompt.details.missingOIDCScope as string[] | undefined;
    const missingClaims = prompt.details.missingOIDCClaims as string[] | undefined;
    if (missingScope) grant.addOIDCScope(missingScope.join(' '));
    if (missingClaims) grant.addOIDCClaims(missingClaims);
    const consent = { grantId: await grant.save() };
    return provider.interactionFinished(request, response, { consent }, { mergeWithLastSubmission: true });
  }
  const declined = { error: 'access_denied', error_description: 'The user declined' };
  return provider.interactionFinished(request, response, declined, { mergeWithLastSubmission: false });
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
