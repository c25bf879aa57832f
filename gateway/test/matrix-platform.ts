import type { AddressInfo } from 'node:net';
import { derivedKey, sessionResolvePurpose, type ServiceApp } from '@app/service-kit';
import { identityHeaders, testIdentitySecret } from '@app/service-kit/testing';
import { startAudit } from '../../services/audit/test/support/audit-harness.js';
import {
  addProduct as addBillingProduct,
  startBilling,
  type BillingHarness,
} from '../../services/billing/test/support/billing-harness.js';
import { tenancyMessage } from '../../services/billing/test/support/renewals.js';
import { startCatalog, type CatalogHarness } from '../../services/catalog/test/support/catalog-harness.js';
import { createProduct } from '../../services/catalog/test/support/requests.js';
import { createCredentialStore } from '../../services/identity/src/credentials/index.js';
import {
  startIdentity,
  type IdentityHarness,
} from '../../services/identity/test/support/identity-harness.js';
import { createUser, newUser } from '../../services/identity/test/support/requests.js';
import {
  startMonitoringApp,
  startMonitoringStorage,
} from '../../services/monitoring/test/support/monitoring-harness.js';
import { captureLogs, testScraper } from '../../services/monitoring/test/support/scraper-wiring.js';
import {
  copyTenant,
  startWebhookHarness,
} from '../../services/notifications/test/support/webhook-harness.js';
import { startTenancy, type TenancyHarness } from '../../services/tenancy/test/support/tenancy-harness.js';
import { createTenant } from '../../services/tenancy/test/support/requests.js';
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
  serviceUrls: Record<ServiceName, string>;
  users: { admin: SignedInUser; tenant: SignedInUser; otherTenant: SignedInUser };
  /**
   * Ids to put into `:id` segments: a product, a user who is none of the callers above, the tenant caller's
   * tenant and its subscription; and the invoice of the tenant caller's checkout.
   */
  samples: { productId: string; userId: string; tenantId: string; subscriptionId: string; invoiceId: string };
  close(): Promise<void>;
}

/**
 * The real gateway in front of every real service, each on an ephemeral port with a database of its own, with
 * the session authenticator asking the real identity. Users sign in through the gateway's own sign-in form, so
 * their cookies are real sessions.
 */
export async function startPlatform(): Promise<Platform> {
  const catalog: CatalogHarness = await startCatalog();
  const identity: IdentityHarness = await startIdentity();
  const tenancy: TenancyHarness = await startTenancy();
  const billing: BillingHarness = await startBilling();
  const tenancyUrl = await listen(tenancy.app);
  const monitoringStorage = await startMonitoringStorage();
  const monitoring = await startMonitoringApp(monitoringStorage, {
    scraper: testScraper({
      pool: monitoringStorage.pool,
      tenancyUrl,
      allowHosts: [],
      logger: captureLogs().logger,
    }),
  });
  const notifications = await startWebhookHarness();
  const audit = await startAudit();
  const serviceUrls = {
    catalog: await listen(catalog.app),
    identity: await listen(identity.app),
    tenancy: tenancyUrl,
    billing: await listen(billing.app),
    monitoring: await listen(monitoring),
    notifications: await listen(notifications.app),
    audit: await listen(audit.app),
  };
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
      TENANCY_URL: serviceUrls.tenancy,
      BILLING_URL: serviceUrls.billing,
      MONITORING_URL: serviceUrls.monitoring,
      NOTIFICATIONS_URL: serviceUrls.notifications,
      AUDIT_URL: serviceUrls.audit,
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
  const productId = (await createProduct(catalog)).product.id;
  const tenantId = (await createTenant(tenancy, { ownerId: users.tenant.id })).tenant.id;
  const subscriptionId = await subscribe(tenancy, tenantId, productId);
  await addBillingProduct(billing.pool, { productId, basePriceCents: 9_900 });
  // Billing's copy of them, as its TENANCY consumer would write it: the subscription's billing term.
  const at = new Date().toISOString();
  await tenancyMessage(billing.pool, 'tenancy.tenant.created.v1', {
    tenantId,
    name: 'Matrix tenant',
    slug: `matrix-${tenantId}`,
    ownerId: users.tenant.id,
    status: 'active',
    domainUrl: null,
    createdAt: at,
  });
  await tenancyMessage(billing.pool, 'tenancy.subscription.started.v1', {
    subscriptionId,
    tenantId,
    productId,
    plan: 'professional',
    status: 'active',
    amountCents: 9_900,
    startedAt: at,
  });
  // Notifications' copy of the tenant, as its TENANCY consumer would write it: whose webhooks they are.
  await copyTenant(notifications.pool, tenantId, users.tenant.id);
  const samples = {
    productId,
    userId: (await account('user', 'matrix-subject')).id,
    tenantId,
    subscriptionId,
    invoiceId: await checkOut(gateway, users.tenant, productId),
  };

  return {
    gateway,
    services: ['catalog', 'identity', 'tenancy', 'billing', 'monitoring', 'notifications', 'audit'],
    serviceUrls,
    users,
    samples,
    async close() {
      await gateway.close();
      await catalog.close();
      await identity.close();
      await tenancy.close();
      await billing.close();
      await monitoring.close();
      await monitoringStorage.close();
      await notifications.close();
      await audit.close();
    },
  };
}

/** A checkout through the gateway as a browser makes it, paid with the Sandbox's always-good card. */
async function checkOut(gateway: ServiceApp, buyer: SignedInUser, productId: string): Promise<string> {
  const headers = { cookie: buyer.cookie, origin: publicOrigin, 'content-type': 'application/json' };
  const intent = await gateway.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    payload: { amount: 99, productId },
  });
  if (intent.statusCode !== 200) throw new Error(`payment intent: ${intent.statusCode} ${intent.body}`);
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
  const confirmed = await gateway.inject({
    method: 'POST',
    url: '/api/billing/sandbox/confirm',
    headers,
    payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, card },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const invoices = await gateway.inject({
    method: 'GET',
    url: '/api/invoices',
    headers: { cookie: buyer.cookie },
  });
  const invoice = invoices.json<Array<{ id: string }>>()[0];
  if (invoice === undefined) throw new Error(`no invoice after checkout: ${invoices.body}`);
  return invoice.id;
}

/**
 * The tenant caller's subscription to the product. Tenancy learns products from the catalogue's events on NATS,
 * which this platform does not run, so the product's copy is written straight into tenancy's table.
 */
async function subscribe(tenancy: TenancyHarness, tenantId: string, productId: string): Promise<string> {
  await tenancy.pool.query(
    `INSERT INTO tenancy.products (product_id, name, base_price_cents, color, is_active, updated_at)
     VALUES ($1, 'Matrix product', 9900, '#3B82F6', true, now())`,
    [productId],
  );
  const response = await tenancy.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await identityHeaders('admin'),
    payload: { productId },
  });
  if (response.statusCode !== 201)
    throw new Error(`subscribing failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
