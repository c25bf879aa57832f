import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../faults/http-client.js';
import type { WriteRecord } from '../faults/ledger.js';
import { judgeReply } from '../faults/reply-rules.js';
import type { StoreSnapshot } from '../faults/store-snapshot.js';
import { checkWrites } from '../faults/write-checks.js';

/**
 * The judgements the soak and the fault suite rest on, each shown to fail where it must: a write missing from a
 * consumer's copy or stored twice is found, a rename counts as there only once a row shows it or a later one,
 * and a 500, a 504 or a refusal that is no problem document fails a request.
 */
const productId = '019a0000-0000-7000-8000-0000000000aa';

const emptySnapshot: StoreSnapshot = {
  events: [],
  catalogProducts: [],
  tenancyProducts: [],
  billingProducts: [],
  identityUsers: [],
  tenancyOwners: [],
  tenancyTenants: [],
  billingTenants: [],
  monitoringTenants: [],
  billingPayments: [],
  billingInvoices: [],
  tenancyPaidInvoices: [],
  tenancySubscriptions: [],
  identityBillingCustomers: [],
};

const write = (changes: Partial<WriteRecord>): WriteRecord => ({
  kind: 'product',
  action: 'create',
  aggregateId: productId,
  marker: 'fault-product-1',
  version: 0,
  outcome: 'acknowledged',
  window: 'kill catalog (SIGKILL)',
  at: 0,
  ...changes,
});

const created = {
  stream: `catalog_product-${productId}`,
  type: 'ProductCreated',
  data: { slug: 'fault-product-1' },
};
const renamed = (name: string) => ({
  stream: `catalog_product-${productId}`,
  type: 'ProductUpdated',
  data: { name },
});

describe('write checks', () => {
  it('find a created product everywhere it belongs', () => {
    const snapshot: StoreSnapshot = {
      ...emptySnapshot,
      events: [created],
      catalogProducts: [{ id: productId, slug: 'fault-product-1', name: 'Fault product 1 v0' }],
      tenancyProducts: [{ id: productId, name: 'Fault product 1 v0' }],
      billingProducts: [{ id: productId, name: 'Fault product 1 v0' }],
    };
    expect(checkWrites([write({})], snapshot)).toEqual([
      { write: write({}), missingIn: [], duplicatedIn: [] },
    ]);
  });

  it("report a product a consumer's copy lacks and an event stored twice", () => {
    const snapshot: StoreSnapshot = {
      ...emptySnapshot,
      events: [created, created],
      catalogProducts: [{ id: productId, slug: 'fault-product-1', name: 'Fault product 1 v0' }],
      tenancyProducts: [{ id: productId, name: 'Fault product 1 v0' }],
    };
    const [finding] = checkWrites([write({})], snapshot);
    expect(finding?.missingIn).toEqual(["billing's product copy"]);
    expect(finding?.duplicatedIn).toEqual(['event store']);
  });

  it('count a rename as there once a row shows its version or a later one, never an earlier one', () => {
    const rename = write({ action: 'rename', marker: 'Fault product 1 v3', version: 3 });
    const snapshot: StoreSnapshot = {
      ...emptySnapshot,
      events: [created, renamed('Fault product 1 v3'), renamed('Fault product 1 v4')],
      catalogProducts: [{ id: productId, slug: 'fault-product-1', name: 'Fault product 1 v4' }],
      tenancyProducts: [{ id: productId, name: 'Fault product 1 v3' }],
      billingProducts: [{ id: productId, name: 'Fault product 1 v2' }],
    };
    expect(checkWrites([rename], snapshot)[0]?.missingIn).toEqual([
      `billing's product copy (shows "Fault product 1 v2")`,
    ]);
  });

  it('leave writes whose outcome the client never learnt out of the count', () => {
    expect(checkWrites([write({ outcome: 'unknown' })], emptySnapshot)).toEqual([]);
  });
});

describe('reply rules', () => {
  const reply = (status: ApiReply['status'], contentType: string, body: unknown): ApiReply => ({
    status,
    contentType,
    headers: new Headers(),
    text: typeof body === 'string' ? body : JSON.stringify(body),
    durationMs: 1,
  });
  const problem = (status: number) =>
    reply(status, 'application/problem+json; charset=utf-8', { type: 'urn:problem:x', title: 'X', status });

  it('accept success and the refusals that tell a client what to do', () => {
    expect(judgeReply(reply(201, 'application/json', {}), [201])).toBe('success');
    for (const status of [409, 412, 429, 503]) expect(judgeReply(problem(status), [201])).toBe('refused');
  });

  it('fail a 500, a 504, a timeout, a dropped connection and a refusal that is not a problem document', () => {
    expect(judgeReply(problem(500), [201])).toBe('failed');
    expect(judgeReply(problem(504), [201])).toBe('failed');
    expect(judgeReply(reply('timeout', '', ''), [201])).toBe('failed');
    expect(judgeReply(reply('connection-failed', '', ''), [201])).toBe('failed');
    expect(judgeReply(reply(503, 'text/plain', 'Service Unavailable'), [201])).toBe('failed');
    expect(judgeReply(reply(409, 'application/json', { message: 'conflict' }), [201])).toBe('failed');
  });

  it("take a sign-in form's HTML 429 page as a refusal only for the forms", () => {
    const page = reply(429, 'text/html; charset=utf-8', '<!doctype html>');
    expect(judgeReply(page, [303], { htmlRefusals: true })).toBe('refused');
    expect(judgeReply(page, [201])).toBe('failed');
  });
});
