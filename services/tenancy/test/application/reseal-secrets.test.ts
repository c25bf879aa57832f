import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, parseKeyRing, secretContexts } from '@app/secrets';
import { resealAllSecrets } from '../../src/application/reseal-secrets.js';
import { createSubscriptionCommands } from '../../src/application/subscription-commands.js';
import { aggregateStore, streamOf } from '@app/eventing';
import { startedForFile } from '@app/test-support/started-for-file';
import { subscriptions } from '../../src/application/subscriptions.js';
import { tenants } from '../../src/application/tenants.js';
import { wireTenantCommands } from '../../src/application/wire-tenant-commands.js';
import { asAdmin, createTenant, patchTenant } from '../support/requests.js';
import { newKeyRingText, startTenancy } from '../support/tenancy-harness.js';

/** k1 sealed everything so far; k2 is the new key put first in the ring. */
const oldKeyText = newKeyRingText('k1');
const newKeyText = newKeyRingText('k2');
const rotated = parseKeyRing(`${newKeyText},${oldKeyText}`);
/** The ring once k1 has been retired. */
const newKeyOnly = parseKeyRing(newKeyText);

const tenancy = startedForFile(() => startTenancy({ keyRing: parseKeyRing(oldKeyText) }));
let keptTenantId: string;
let plainTenantId: string;
let subscriptionId: string;
const metricsApiKey = `metrics-key-${randomUUID()}`;

beforeAll(async () => {
  keptTenantId = (await createTenant(tenancy)).tenant.id;
  plainTenantId = (await createTenant(tenancy)).tenant.id;
  const patched = await patchTenant(tenancy, keptTenantId, {
    dnsServerPassword: 'dns-password',
    webHostingPassword: 'web-password',
  });
  expect(patched.statusCode).toBe(200);

  const productId = randomUUID();
  await tenancy.pool.query(
    `INSERT INTO tenancy.products (product_id, name, base_price_cents, color, is_active, updated_at)
     VALUES ($1, 'Watched product', 9900, '#3B82F6', true, now())`,
    [productId],
  );
  const started = await tenancy.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${keptTenantId}/subscriptions`,
    headers: await asAdmin(),
    payload: { productId },
  });
  subscriptionId = started.json<{ id: string }>().id;
  const configured = await tenancy.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscriptions/${subscriptionId}`,
    headers: await asAdmin(),
    payload: { domainUrl: 'https://app.example.com', metricsApiKey },
  });
  expect(configured.statusCode).toBe(200);
});

const reseal = () => {
  const now = () => new Date();
  const { eventStore, pool } = tenancy;
  return resealAllSecrets({
    pool,
    tenants: wireTenantCommands(eventStore, pool, rotated, now),
    subscriptions: createSubscriptionCommands({ eventStore, pool, keyRing: rotated, now }),
  });
};

describe('resealing after a key rotation', () => {
  it('reseals every password and metrics key an older key sealed, so they open without it', async () => {
    expect(await reseal()).toEqual({
      tenantsChecked: 2,
      tenantsResealed: 1,
      subscriptionsChecked: 1,
      subscriptionsResealed: 1,
    });

    const { state } = await aggregateStore(tenancy.eventStore, tenants).read(keptTenantId);
    if (state.status === 'absent') throw new Error('tenant missing');
    for (const [group, password] of [
      ['dnsServer', 'dns-password'],
      ['webHosting', 'web-password'],
    ] as const) {
      const sealed = state.providers[group].password;
      expect(sealed?.keyId).toBe('k2');
      const context = secretContexts.tenantProviderPassword(keptTenantId, group);
      expect(decryptSecret(newKeyOnly, sealed!, context)).toBe(password);
    }
    expect(state.providers.webHosting.username).toBeNull();

    const { state: subscription } = await aggregateStore(tenancy.eventStore, subscriptions).read(
      subscriptionId,
    );
    if (subscription.status === 'absent') throw new Error('subscription missing');
    expect(subscription.domainUrl).toBe('https://app.example.com');
    const context = secretContexts.subscriptionMetricsApiKey(subscriptionId);
    expect(decryptSecret(newKeyOnly, subscription.metricsApiKey!, context)).toBe(metricsApiKey);
  });

  it('finds nothing to do the second time, and leaves a tenant without passwords alone', async () => {
    const before = await tenancy.eventStore.readStream(streamOf(tenants, plainTenantId));
    expect(await reseal()).toMatchObject({ tenantsResealed: 0, subscriptionsResealed: 0 });
    const after = await tenancy.eventStore.readStream(streamOf(tenants, plainTenantId));
    expect(after.revision).toEqual(before.revision);
  });
});
