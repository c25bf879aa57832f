/**
 * Figure 6: how long after a catalogue rename a tenant's subscription list shows the new product name (target:
 * p99 ≤ 100 ms). The name travels catalog event store → relay → NATS → tenancy's products copy, so unlike
 * figure 3 there is no read-your-writes to lean on. Baseline: figure 3's kind of visibility (catalog's own read
 * after its command), measured here between the renames so both come from the same minute of the same run.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { latencySummary, percentile } from './stats.js';
import { adminIdentity, readProduct, type AdminHeaders } from './visibility.js';

interface Urls {
  catalogUrl: string;
  tenancyUrl: string;
}

interface SubscriptionView {
  productId: string;
  productName: string;
}

export async function measureCrossServiceLag(urls: Urls, identitySecret: string): Promise<Measurement> {
  const { renames, pollIntervalMs, pollDeadlineMs } = sizes.crossService;
  const admin = adminIdentity(identitySecret);
  const tag = randomUUID().slice(0, 8);
  const productId = await createProduct(urls.catalogUrl, admin, tag);
  const tenantId = await createTenant(urls.tenancyUrl, admin, tag);
  await subscribeOnceKnown(urls.tenancyUrl, admin, tenantId, productId);

  const subscriptionsUrl = `${urls.tenancyUrl}/api/admin/tenants/${tenantId}/subscriptions`;
  const tenancyShows = async (name: string) => {
    const list = await send<SubscriptionView[]>(admin, 'GET', subscriptionsUrl, undefined, 200);
    return list.some((entry) => entry.productId === productId && entry.productName === name);
  };
  const productUrl = `${urls.catalogUrl}/api/admin/products/${productId}`;
  const readUrl = `${urls.catalogUrl}/api/products/${productId}`;
  const catalogShows = async (name: string) => (await readProduct(readUrl, admin))?.name === name;
  const lagMs: number[] = [];
  const ownMs: number[] = [];
  let tenancyReads = 0;

  for (let i = 0; i < renames; i += 1) {
    const lagName = `Bench ${tag} lag ${i}`;
    await send(admin, 'PATCH', productUrl, { name: lagName }, 200);
    const answered = performance.now();
    const reads = await until(() => tenancyShows(lagName), pollIntervalMs, pollDeadlineMs, subscriptionsUrl);
    lagMs.push(performance.now() - answered);
    tenancyReads += reads;

    const ownName = `Bench ${tag} own ${i}`;
    await send(admin, 'PATCH', productUrl, { name: ownName }, 200);
    const ownAnswered = performance.now();
    await until(() => catalogShows(ownName), 0, pollDeadlineMs, readUrl);
    ownMs.push(performance.now() - ownAnswered);
    // Untimed: the next rename must not queue behind this one in the relay or tenancy's consumer.
    await until(() => tenancyShows(ownName), pollIntervalMs, pollDeadlineMs, subscriptionsUrl);
  }

  return {
    value: percentile(lagMs, 99),
    baseline: percentile(ownMs, 99),
    unit: 'ms p99',
    target: { on: 'value', atMost: 100 },
    notes: [
      `${renames} renames of one product (PATCH straight to the catalog service as an admin), each timed from`,
      `the catalog's response to the first GET /api/admin/tenants/:id/subscriptions on tenancy that shows the`,
      `new productName (polled every ${pollIntervalMs} ms). Baseline: as many renames read back from the catalog`,
      `itself (GET /api/products/:id, figure 3's visibility), alternated with the measured ones.`,
      `lag ${latencySummary(lagMs)}, max ${Math.max(...lagMs).toFixed(2)} ms; same-service ` +
        `${latencySummary(ownMs)}. Tenancy reads per rename: ${(tenancyReads / renames + 1).toFixed(1)}.`,
    ],
  };
}

async function createProduct(catalogUrl: string, admin: AdminHeaders, tag: string): Promise<string> {
  const body = { name: `Bench ${tag}`, slug: `bench-lag-${tag}`, basePrice: 10, category: 'Bench' };
  const product = await send<{ id: string }>(admin, 'POST', `${catalogUrl}/api/admin/products`, body, 201);
  return product.id;
}

async function createTenant(tenancyUrl: string, admin: AdminHeaders, tag: string): Promise<string> {
  const url = `${tenancyUrl}/api/admin/tenants`;
  return (await send<{ id: string }>(admin, 'POST', url, { name: `Bench ${tag}` }, 201)).id;
}

/** Tenancy refuses a product its copy does not hold yet; the copy fills from NATS, so retry until 201. */
async function subscribeOnceKnown(
  tenancyUrl: string,
  admin: AdminHeaders,
  tenantId: string,
  productId: string,
): Promise<void> {
  const url = `${tenancyUrl}/api/admin/tenants/${tenantId}/subscriptions`;
  const deadline = performance.now() + sizes.crossService.catchUpDeadlineMs;
  for (;;) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...(await admin('POST', url)), 'content-type': 'application/json' },
      body: JSON.stringify({ productId }),
    });
    const text = await response.text();
    if (response.status === 201) return;
    if (response.status >= 500 || performance.now() > deadline)
      throw new Error(`subscribing to the bench product answered ${response.status}: ${text}`);
    await sleep(20);
  }
}

/** Calls `shows` until it is true; returns how many calls came back false. */
async function until(
  shows: () => Promise<boolean>,
  intervalMs: number,
  deadlineMs: number,
  what: string,
): Promise<number> {
  const deadline = performance.now() + deadlineMs;
  for (let misses = 0; ; misses += 1) {
    if (await shows()) return misses;
    if (performance.now() > deadline)
      throw new Error(`${what} did not show the rename after ${deadlineMs} ms`);
    if (intervalMs > 0) await sleep(intervalMs);
  }
}

async function send<T = unknown>(
  admin: AdminHeaders,
  method: string,
  url: string,
  body: unknown,
  expected: number,
): Promise<T> {
  const headers: Record<string, string> = await admin(method, url);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
