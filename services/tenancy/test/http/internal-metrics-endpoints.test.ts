import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import type { EventStore, RecordedEvent } from '@app/eventing';
import { parseKeyRing, type KeyRing } from '@app/secrets';
import {
  derivedKey,
  internalKeyHeader,
  metricsEndpointsPurpose,
  sessionResolvePurpose,
} from '@app/service-kit';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { tenancySchema } from '../../src/config.js';
import { buildApp, type TenancyApp } from '../../src/app.js';
import { createMetricsEndpoints } from '../../src/application/metrics-endpoints.js';
import { asAdmin, createTenant } from '../support/requests.js';
import { newKeyRingText, startTenancy } from '../support/tenancy-harness.js';

/** The app's log lines, at debug, for the tests that look at what was (and was not) logged. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

const url = '/internal/metrics-endpoints';
const monitoringKey = derivedKey(testIdentitySecret, metricsEndpointsPurpose);
const asMonitoring = { [internalKeyHeader]: monitoringKey };

/** k2 seals now; k1 is the key an earlier deployment sealed with, still in the ring to open what it sealed. */
const ringText = newKeyRingText('k2', 'k1');
const olderRingText = ringText.split(',')[1] ?? '';
/** Every plaintext key a test configured, to look for in the logs at the end. */
const plaintextKeys: string[] = [];

const tenancy = startedForFile(() =>
  startTenancy({ keyRing: parseKeyRing(ringText), logLevel: 'debug', logStream }),
);

interface Endpoint {
  subscriptionId: string;
  tenantId: string;
  productId: string;
  status: string;
  domainUrl: string;
  metricsApiKey: string | null;
}

function list(query = '', headers: Record<string, string> = asMonitoring) {
  return tenancy.app.inject({ method: 'GET', url: `${url}${query}`, headers });
}

async function endpointsOf(tenantId: string): Promise<Endpoint[]> {
  const response = await list(`?tenantId=${tenantId}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ endpoints: Endpoint[] }>().endpoints;
}

async function addProduct(): Promise<string> {
  const productId = randomUUID();
  // Tenancy learns products from the catalogue over NATS; here the copy is written straight in.
  await tenancy.pool.query(
    `INSERT INTO tenancy.products (product_id, name, base_price_cents, color, is_active, updated_at)
     VALUES ($1, 'Watched product', 9900, '#3B82F6', true, now())`,
    [productId],
  );
  return productId;
}

async function subscribe(tenantId: string, app: TenancyApp = tenancy.app): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/subscriptions`,
    headers: await asAdmin(),
    payload: { productId: await addProduct() },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function patch(subscriptionId: string, payload: Record<string, unknown>, app = tenancy.app) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/admin/subscriptions/${subscriptionId}`,
    headers: await asAdmin(),
    payload,
  });
  expect(response.statusCode).toBe(200);
}

function newApiKey(): string {
  const key = `metrics-key-${randomUUID()}`;
  plaintextKeys.push(key);
  return key;
}

/** Tenancy as an earlier deployment ran it, on the same storage, with another key ring. */
async function tenancyWithRing(keyRing: KeyRing): Promise<TenancyApp> {
  const app = await buildApp(
    {
      schema: tenancySchema,
      identitySecret: testIdentitySecret,
      logLevel: 'silent',
      db: tenancy.pool,
      eventStore: tenancy.eventStore,
      replies: { projections: tenancy.projections, timeoutMs: 5_000 },
      readiness: [],
    },
    { keyRing },
  );
  bindIdentityOnInject(app);
  return app;
}

describe('GET /internal/metrics-endpoints', () => {
  it('refuses a caller without the key, with a wrong one, or with a key for another purpose', async () => {
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const subscriptionId = await subscribe(tenantId);
    const apiKey = newApiKey();
    await patch(subscriptionId, { domainUrl: 'https://refused.example.com', metricsApiKey: apiKey });

    const attempts: Array<Record<string, string>> = [
      {},
      { [internalKeyHeader]: 'wrong' },
      { [internalKeyHeader]: `${monitoringKey}x` },
      { [internalKeyHeader]: derivedKey(testIdentitySecret, sessionResolvePurpose) },
      { [internalKeyHeader]: testIdentitySecret },
      // A signed-in admin is still not the monitoring service.
      await asAdmin(),
    ];
    for (const headers of attempts) {
      const response = await list(`?tenantId=${tenantId}`, headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 401, detail: 'A valid internal key is required.' });
      expect(response.body).not.toContain(apiKey);
    }
  });

  it('answers the decrypted key of each subscription with a domain URL, null where none is set', async () => {
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const [keyed, keyless, urlless, cancelled] = [
      await subscribe(tenantId),
      await subscribe(tenantId),
      await subscribe(tenantId),
      await subscribe(tenantId),
    ];
    const [keyedKey, urllessKey, cancelledKey] = [newApiKey(), newApiKey(), newApiKey()];
    await patch(keyed, { domainUrl: 'https://keyed.example.com', metricsApiKey: keyedKey });
    await patch(keyless, { domainUrl: 'https://keyless.example.com' });
    await patch(urlless, { metricsApiKey: urllessKey });
    await patch(cancelled, { domainUrl: 'https://cancelled.example.com', metricsApiKey: cancelledKey });
    await patch(cancelled, { status: 'cancelled' });

    const response = await list(`?tenantId=${tenantId}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const endpoints = response.json<{ endpoints: Endpoint[] }>().endpoints;
    expect(endpoints).toHaveLength(3);
    expect(endpoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subscriptionId: keyed,
          tenantId,
          status: 'active',
          domainUrl: 'https://keyed.example.com',
          metricsApiKey: keyedKey,
        }),
        expect.objectContaining({
          subscriptionId: keyless,
          domainUrl: 'https://keyless.example.com',
          metricsApiKey: null,
        }),
        expect.objectContaining({
          subscriptionId: cancelled,
          status: 'cancelled',
          metricsApiKey: cancelledKey,
        }),
      ]),
    );
    expect(endpoints.every((endpoint) => typeof endpoint.productId === 'string')).toBe(true);
  });

  it('filters by tenant and by subscription', async () => {
    const first = (await createTenant(tenancy)).tenant.id;
    const second = (await createTenant(tenancy)).tenant.id;
    const [a, b, c] = [await subscribe(first), await subscribe(first), await subscribe(second)];
    for (const id of [a, b, c]) await patch(id, { domainUrl: `https://${id}.example.com` });

    const ids = (endpoints: Endpoint[]) => endpoints.map((endpoint) => endpoint.subscriptionId).sort();
    expect(ids(await endpointsOf(first))).toEqual([a, b].sort());
    expect(ids(await endpointsOf(second))).toEqual([c]);

    const one = await list(`?subscriptionId=${b}`);
    expect(ids(one.json<{ endpoints: Endpoint[] }>().endpoints)).toEqual([b]);
    const mismatched = await list(`?tenantId=${second}&subscriptionId=${b}`);
    expect(mismatched.json<{ endpoints: Endpoint[] }>().endpoints).toEqual([]);
    const all = await list();
    expect(ids(all.json<{ endpoints: Endpoint[] }>().endpoints)).toEqual(expect.arrayContaining([a, b, c]));
  });

  it('refuses a malformed or unknown query parameter with 400 rather than answering everything', async () => {
    for (const query of ['?tenantId=not-a-uuid', '?subscriptionId=42', `?tenant_id=${randomUUID()}`]) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('opens a key sealed under an older key of the ring', async () => {
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const earlier = await tenancyWithRing(parseKeyRing(olderRingText));
    const subscriptionId = await subscribe(tenantId, earlier);
    const apiKey = newApiKey();
    await patch(subscriptionId, { domainUrl: 'https://rotated.example.com', metricsApiKey: apiKey }, earlier);
    await earlier.close();

    const { events } = await tenancy.eventStore.readStream(`tenancy_subscription-${subscriptionId}`);
    expect(events.at(-1)?.data).toMatchObject({ metricsApiKey: { keyId: 'k1' } });
    expect(await endpointsOf(tenantId)).toEqual([
      expect.objectContaining({ subscriptionId, metricsApiKey: apiKey }),
    ]);
  });

  it('answers null for a key the ring cannot open, logging which, and still lists the others', async () => {
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const foreign = await tenancyWithRing(parseKeyRing(newKeyRingText('retired')));
    const lost = await subscribe(tenantId, foreign);
    const lostKey = newApiKey();
    await patch(lost, { domainUrl: 'https://lost.example.com', metricsApiKey: lostKey }, foreign);
    await foreign.close();
    const fine = await subscribe(tenantId);
    const fineKey = newApiKey();
    await patch(fine, { domainUrl: 'https://fine.example.com', metricsApiKey: fineKey });

    expect(await endpointsOf(tenantId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subscriptionId: lost, metricsApiKey: null }),
        expect.objectContaining({ subscriptionId: fine, metricsApiKey: fineKey }),
      ]),
    );
    const failure = logLines.find((line) => line.includes('Metrics API key could not be decrypted'));
    expect(failure).toContain(lost);
    expect(failure).toContain('"keyId":"retired"');
  });

  it('pairs a key only with the URL of the same stream state, while the read model lags behind', async () => {
    const tenantId = (await createTenant(tenancy)).tenant.id;
    const subscriptionId = await subscribe(tenantId);
    const apiKey = newApiKey();
    await patch(subscriptionId, { domainUrl: 'https://before.example.com', metricsApiKey: apiKey });
    const stream = `tenancy_subscription-${subscriptionId}`;
    const { events } = await tenancy.eventStore.readStream(stream);
    const last = events.at(-1);
    if (!last) throw new Error('the subscription has no events');
    /** The event store one event ahead of the read model, which still says https://before.example.com. */
    const oneAhead = (domainUrl: string | null) => {
      const next: RecordedEvent = { ...last, revision: last.revision + 1, data: { ...last.data, domainUrl } };
      return new Proxy(tenancy.eventStore, {
        get: (target, property) =>
          property === 'readStream'
            ? async (name: string) => {
                const read = await target.readStream(name);
                return name === stream ? { events: [...read.events, next], revision: next.revision } : read;
              }
            : Reflect.get(target, property),
      }) satisfies EventStore;
    };
    const listWith = (eventStore: EventStore) =>
      createMetricsEndpoints({
        db: tenancy.pool,
        eventStore,
        keyRing: tenancy.keyRing,
        logger: { error: () => undefined },
      }).list({ tenantId });

    expect(await listWith(oneAhead('https://after.example.com'))).toEqual([
      expect.objectContaining({ domainUrl: 'https://after.example.com', metricsApiKey: apiKey }),
    ]);
    expect(await listWith(oneAhead(null))).toEqual([]);
  });

  it('stays out of the OpenAPI document', async () => {
    const response = await tenancy.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/api/admin/subscriptions');
    expect(response.body).not.toContain(url);
  });

  // Last: reads what every test above logged.
  it('never logs a metrics API key nor the internal key', () => {
    const log = logLines.join('');
    // The capture saw the traffic, so an empty log cannot pass for a clean one.
    expect(log).toContain('"msg":"Metrics endpoints served"');
    expect(log).toContain(url);
    expect(plaintextKeys.length).toBeGreaterThan(5);
    for (const secret of [...plaintextKeys, monitoringKey]) expect(log).not.toContain(secret);
  });
});
