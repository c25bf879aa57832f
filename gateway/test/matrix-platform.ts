import type { AddressInfo } from 'node:net';
import { derivedKey, sessionResolvePurpose, type ServiceApp } from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import { startCatalog, type CatalogHarness } from '../../services/catalog/test/support/catalog-harness.js';
import { createProduct } from '../../services/catalog/test/support/requests.js';
import { createCredentialStore } from '../../services/identity/src/credentials/index.js';
import {
  startIdentity,
  type IdentityHarness,
} from '../../services/identity/test/support/identity-harness.js';
import { createUser, newUser } from '../../services/identity/test/support/requests.js';
import { buildGateway } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { ServiceName } from '../src/route-table.js';
import { createSessionAuthenticator } from '../src/session-authenticator.js';

/** Where the test browser says it is; every unsafe request carries it as its Origin. */
export const publicOrigin = 'http://app.test';
const password = 'correct horse battery staple 42';

export interface SignedInUser {
  id: string;
  email: string;
  /** The `sid` cookie identity set when this user signed in through the gateway. */
  cookie: string;
}

export interface Platform {
  gateway: ServiceApp;
  /** The services this platform runs; route table entries of any other service cannot be walked. */
  services: ServiceName[];
  serviceUrls: Record<'catalog' | 'identity', string>;
  users: { admin: SignedInUser; tenant: SignedInUser; otherTenant: SignedInUser };
  /** Ids to put into `:id` segments: a product, and a user who is none of the callers above. */
  samples: { productId: string; userId: string };
  close(): Promise<void>;
}

/**
 * The real gateway in front of the real catalog and identity, each on an ephemeral port with a database of its
 * own, with the session authenticator asking the real identity. Users sign in through the gateway's own
 * sign-in form, so their cookies are real sessions.
 */
export async function startPlatform(): Promise<Platform> {
  const catalog: CatalogHarness = await startCatalog();
  const identity: IdentityHarness = await startIdentity();
  const serviceUrls = { catalog: await listen(catalog.app), identity: await listen(identity.app) };
  const sessions = createSessionAuthenticator({
    identityUrl: serviceUrls.identity,
    internalKey: derivedKey(testIdentitySecret, sessionResolvePurpose),
    cacheTtlMs: 5_000,
    timeoutMs: 2_000,
  });
  const gateway = await buildGateway({
    config: loadConfig({
      INTERNAL_TOKEN_SECRET: testIdentitySecret,
      LOG_LEVEL: 'silent',
      CATALOG_URL: serviceUrls.catalog,
      IDENTITY_URL: serviceUrls.identity,
      PUBLIC_ORIGIN: publicOrigin,
    }),
    authenticate: sessions,
    sessions,
  });

  const credentials = createCredentialStore(identity.pool);
  async function account(role: 'admin' | 'user', label: string): Promise<{ id: string; email: string }> {
    const { user } = await createUser(
      identity,
      newUser({ role, email: `${label}-${Date.now()}@example.test` }),
    );
    await credentials.setPassword(user.id, password);
    return { id: user.id, email: user.email };
  }
  async function signIn(user: { id: string; email: string }): Promise<SignedInUser> {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicOrigin },
      payload: new URLSearchParams({ email: user.email, password }).toString(),
    });
    const sid = response.cookies.find((cookie) => cookie.name === 'sid')?.value;
    if (response.statusCode !== 303 || !sid) {
      throw new Error(
        `sign-in of ${user.email} failed: ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
    return { ...user, cookie: `sid=${sid}` };
  }

  const users = {
    admin: await signIn(await account('admin', 'matrix-admin')),
    tenant: await signIn(await account('user', 'matrix-tenant')),
    otherTenant: await signIn(await account('user', 'matrix-other')),
  };
  const samples = {
    productId: (await createProduct(catalog)).product.id,
    userId: (await account('user', 'matrix-subject')).id,
  };

  return {
    gateway,
    services: ['catalog', 'identity'],
    serviceUrls,
    users,
    samples,
    async close() {
      await gateway.close();
      await catalog.close();
      await identity.close();
    },
  };
}

async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
