import { createApiClient, jsonOf, sessionCookieOf, type ApiClient } from './http-client.js';
import { replyEvidence } from './reply-rules.js';

/**
 * Signed-in clients for load. Each client signs in once and keeps its session cookie: signing in per request
 * would measure the sign-in throttle instead of the routes. Customers come from the admin's user list and their
 * password-setup links, which sign in without counting against the sign-in throttle (only one sign-in, the
 * admin's, goes through the password form).
 */
export const demoAdmin = { email: 'admin@demo.local', password: 'demo-admin-password-2026' } as const;

export interface Account {
  id: string;
  email: string;
  password: string;
  client: ApiClient;
}

export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  timeoutMs: number,
): Promise<ApiClient> {
  const client = createApiClient(baseUrl, timeoutMs);
  const reply = await client.send({ method: 'POST', path: '/api/login', form: { email, password } });
  const cookie = sessionCookieOf(reply);
  if (reply.status !== 303 || cookie === undefined) {
    throw new Error(`sign-in of ${email} failed: ${replyEvidence(reply)}`);
  }
  client.cookie = cookie;
  return client;
}

/**
 * A tenant account made by the admin, its password chosen through the setup link the creation returns, signed
 * in by that form. `email` must be unused.
 */
export async function createCustomer(
  admin: ApiClient,
  email: string,
  password: string,
  timeoutMs: number,
): Promise<Account> {
  const created = await admin.send({
    method: 'POST',
    path: '/api/admin/users',
    json: { email, firstName: 'Load', lastName: 'Client', role: 'tenant' },
  });
  const user = jsonOf<{ id: string; passwordSetup: { url: string } }>(created);
  if (created.status !== 201 || !user) throw new Error(`creating ${email} failed: ${replyEvidence(created)}`);
  const client = createApiClient(admin.baseUrl, timeoutMs);
  const token = new URL(user.passwordSetup.url, admin.baseUrl).searchParams.get('token') ?? '';
  const setup = await client.send({
    method: 'POST',
    path: '/api/login/setup',
    form: { token, password, confirmPassword: password },
  });
  const cookie = sessionCookieOf(setup);
  if (setup.status !== 303 || cookie === undefined) {
    throw new Error(`password setup of ${email} failed: ${replyEvidence(setup)}`);
  }
  client.cookie = cookie;
  return { id: user.id, email, password, client };
}
