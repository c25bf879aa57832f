import { jsonOf, type ApiClient, type ApiReply, type ApiRequest } from '../../faults/http-client.js';
import { replyEvidence } from '../../faults/reply-rules.js';
import { maxPageLimit } from '@app/contracts';
import { nextPageOf } from '@app/test-support/pages';

/**
 * What the soak's phases write to, made through the API before a phase starts, and the reads that check the
 * phase afterwards. Every helper throws with the reply as evidence when the platform refuses it.
 */
export interface SoakProduct {
  id: string;
  slug: string;
  basePrice: number;
}

export const sandboxCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
} as const;

/** Sends and insists on one of `statuses`; returns the JSON body. */
export async function expectReply<T>(
  client: ApiClient,
  request: ApiRequest,
  statuses: readonly number[] = [200, 201],
): Promise<T> {
  const reply = await client.send(request);
  if (typeof reply.status !== 'number' || !statuses.includes(reply.status)) {
    throw new Error(`${request.method} ${request.path} → ${replyEvidence(reply)}`);
  }
  return jsonOf<T>(reply) as T;
}

/** Runs `work` over `items`, `width` at a time: fixtures are made quickly without loading the platform. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** A product's basic and enterprise prices in dollars, for the phases that change plans; absent: not offered. */
export interface PlanPrices {
  basicPrice?: number;
  enterprisePrice?: number;
}

export async function createProducts(
  admin: ApiClient,
  prefix: string,
  count: number,
  planPrices: PlanPrices = {},
): Promise<SoakProduct[]> {
  return inBatches(range(count), 8, async (index) => {
    const slug = `${prefix}-${index}`;
    const product = await expectReply<{ id: string; basePrice: number }>(admin, {
      method: 'POST',
      path: '/api/admin/products',
      json: { name: `Soak ${slug}`, slug, basePrice: 12.5, ...planPrices },
    });
    return { id: product.id, slug, basePrice: product.basePrice };
  });
}

export async function createTenants(admin: ApiClient, prefix: string, count: number): Promise<string[]> {
  return inBatches(range(count), 8, async (index) => {
    const tenant = await expectReply<{ id: string }>(admin, {
      method: 'POST',
      path: '/api/admin/tenants',
      json: { name: `Soak ${prefix} ${index}` },
    });
    return tenant.id;
  });
}

export async function subscribe(admin: ApiClient, tenantId: string, productId: string): Promise<string> {
  const subscription = await expectReply<{ id: string }>(admin, {
    method: 'POST',
    path: `/api/admin/tenants/${tenantId}/subscriptions`,
    json: { productId },
  });
  return subscription.id;
}

/**
 * Resolves once a service that copies the catalogue from NATS knows a product: `attempt` asks that service to
 * use it and `copied` tells from the reply whether it could. Products reach the copies in the order they were
 * made, so waiting for the newest of a batch waits for all of it.
 */
export async function untilCopied(
  attempt: () => Promise<ApiReply>,
  copied: (reply: ApiReply) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await attempt();
    if (copied(reply)) return;
    if (Date.now() > deadline) throw new Error(`${what} never arrived: ${replyEvidence(reply)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The aggregate's stream revision, from the ETag its read answers with. */
export async function revisionOf(client: ApiClient, path: string): Promise<number> {
  const reply = await client.send({ method: 'GET', path });
  const etag = reply.headers.get('etag');
  const revision = etag ? Number(/"(-?\d+)"/.exec(etag)?.[1]) : NaN;
  if (reply.status !== 200 || Number.isNaN(revision)) {
    throw new Error(`GET ${path} gave no revision: ${replyEvidence(reply)}`);
  }
  return revision;
}

/** Every item of a paged list: its pages of 200, following each Link rel="next" as a client would. */
export async function listOf<T>(client: ApiClient, path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = `${path}${path.includes('?') ? '&' : '?'}limit=${maxPageLimit}`;
  while (next !== undefined) {
    const reply = await client.send({ method: 'GET', path: next });
    if (reply.status !== 200) throw new Error(`GET ${next} → ${replyEvidence(reply)}`);
    items.push(...(jsonOf<T[]>(reply) ?? []));
    next = nextPageOf(reply.headers.get('link') ?? undefined);
  }
  return items;
}

/** The revisions of the aggregates at `paths`, by path. */
export async function revisionsOf(client: ApiClient, paths: readonly string[]): Promise<Map<string, number>> {
  const revisions = await inBatches(
    paths,
    8,
    async (path) => [path, await revisionOf(client, path)] as const,
  );
  return new Map(revisions);
}

/** One line per aggregate whose revision moved by other than the acknowledged writes. */
export async function revisionProblems(
  client: ApiClient,
  before: ReadonlyMap<string, number>,
  acknowledged: ReadonlyMap<string, number>,
): Promise<string[]> {
  const now = await revisionsOf(client, [...before.keys()]);
  return [...before].flatMap(([path, start]) => {
    const writes = acknowledged.get(path) ?? 0;
    const actual = now.get(path);
    return actual === start + writes
      ? []
      : [`${path}: revision ${actual} after ${writes} acknowledged writes from ${start}`];
  });
}

/** Counts per key, for acknowledged writes. */
export function tally(): { add(key: string): void; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return { add: (key) => counts.set(key, (counts.get(key) ?? 0) + 1), counts };
}
