import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createApiClient, type ApiClient } from '../faults/http-client.js';
import { lingeringIdleTransactions } from '../faults/idle-transactions.js';
import { writeOperations } from '../faults/openapi-write-routes.js';
import { replyEvidence } from '../faults/reply-rules.js';
import { createCustomer, demoAdmin, signIn, type Account } from '../faults/sessions.js';
import { launcherDatabaseUrl } from './support/launcher-database.js';
import { startPlatform, type Platform } from './support/platform.js';
import { expectReply, inBatches } from './support/soak-fixtures.js';
import type { PhasePlan, PhaseResult, SoakContext } from './support/soak-phase.js';
import { soakRoutes } from './support/soak-routes.js';

/**
 * The concurrency soak: every write route of the gateway's OpenAPI document, driven by 32 clients
 * at once through the gateway, on one aggregate and on one each. It passes only if every request ends within
 * its timeout with success or a 409/412/429/503 problem, the read models then agree with the acknowledged
 * writes, every service still answers reads, and Postgres holds no transaction left idle.
 */
const plan: PhasePlan = { clients: 32, durationMs: 2_000, maxIterations: 3 };
/** Longer than the gateway's own upstream timeout (10 s), so a stuck service shows as the gateway's 504. */
const requestTimeoutMs = 12_000;
/**
 * What a phase may take on average, its 2 s of traffic and the read models' check: phases not started within
 * their share of the soak are reported as not run, so a wedged platform does not hold the run for long. A full
 * `npm test` on two cores measured 2.7 s a phase; the share grows with the route table, not a fixed total.
 */
const phaseBudgetMs = 4_000;
const phaseCount = Object.values(soakRoutes).reduce((count, route) => count + route.phases.length, 0);
const soakBudgetMs = phaseCount * phaseBudgetMs;

let platform: Platform;
let context: SoakContext;
let documentOperations: string[];

beforeAll(async () => {
  platform = await startPlatform({
    serverUrl: inject('databaseUrl'),
    natsUrl: inject('natsUrl'),
    label: 'soak',
  });
  const base = platform.gatewayUrl;
  const admin = await signIn(base, demoAdmin.email, demoAdmin.password, requestTimeoutMs);
  const document = await expectReply<{ paths: Record<string, Record<string, unknown>> }>(
    createApiClient(base, requestTimeoutMs),
    { method: 'GET', path: '/api/docs/openapi.json' },
    [200],
  );
  documentOperations = writeOperations(document);
  const run = `soak${randomBytes(4).toString('hex')}`;
  const accounts: Account[] = await inBatches(
    Array.from({ length: plan.clients + 1 }, (_, index) => index),
    4,
    (index) =>
      createCustomer(
        admin,
        `${run}-client-${index}@soak.example.com`,
        `${run}-password-${index}`,
        requestTimeoutMs,
      ),
  );
  context = {
    admin,
    visitor: createApiClient(base, requestTimeoutMs),
    customers: accounts.slice(0, plan.clients),
    shared: accounts[plan.clients] as Account,
    run,
    products: [],
    intents: new Map(),
    sessions: [],
    requestTimeoutMs,
  };
}, 240_000);

afterAll(async () => {
  await platform?.dispose();
});

describe('concurrency soak', () => {
  it('has a row in its table for every write route of the OpenAPI document', () => {
    expect(documentOperations.length).toBeGreaterThan(0);
    expect(documentOperations.filter((operation) => !(operation in soakRoutes))).toEqual([]);
    // A row whose route is gone would drive nothing and hide that the table is stale.
    expect(Object.keys(soakRoutes).filter((operation) => !documentOperations.includes(operation))).toEqual(
      [],
    );
  });

  it(
    'ends every request of 32 concurrent clients with success or a 409/412/429/503 problem, and the read models count every acknowledged write',
    async () => {
      const deadline = Date.now() + soakBudgetMs;
      const problems: string[] = [];
      const lines: string[] = [];
      for (const [operation, route] of Object.entries(soakRoutes)) {
        if (!documentOperations.includes(operation)) continue;
        for (const phase of route.phases) {
          const name = `${operation} (${phase.aggregate} aggregate)`;
          if (Date.now() > deadline) {
            problems.push(`${name}: not run, the soak ran out of its ${soakBudgetMs / 1000} s`);
            continue;
          }
          const started = Date.now();
          const result = await phase.run(context, plan, route);
          lines.push(summaryLine(name, result, Date.now() - started));
          problems.push(...result.failures.map((failure) => `${name}: ${failure}`));
          problems.push(...result.mismatches.map((mismatch) => `${name}: read model: ${mismatch}`));
        }
      }
      console.log(`concurrency soak, ${plan.clients} clients per phase:\n${lines.join('\n')}`);
      expect(problems).toEqual([]);
    },
    soakBudgetMs + 120_000,
  );

  it('still answers reads on every service afterwards', async () => {
    const customer = context.customers[0] as Account;
    const [tenant] = await expectReply<Array<{ id: string }>>(
      context.admin,
      { method: 'GET', path: '/api/admin/tenants' },
      [200],
    );
    const reads: Array<[ApiClient, string]> = [
      [context.visitor, '/api/products'],
      [context.admin, '/api/admin/users'],
      [context.admin, '/api/admin/tenants'],
      [context.admin, `/api/admin/tenants/${tenant?.id}/subscriptions`],
      [customer.client, '/api/invoices'],
      [customer.client, '/api/subscriptions'],
      [context.admin, '/api/admin/health'],
    ];
    const failed: string[] = [];
    for (const [client, path] of reads) {
      const reply = await client.send({ method: 'GET', path });
      if (reply.status !== 200) failed.push(`GET ${path} → ${replyEvidence(reply)}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);

  it('leaves no Postgres connection idle in a transaction', async () => {
    const url = new URL(await launcherDatabaseUrl(platform.launcher.pid as number));
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    expect(await lingeringIdleTransactions(url.toString(), database)).toEqual([]);
  }, 30_000);
});

function summaryLine(name: string, result: PhaseResult, durationMs: number): string {
  const replies = Object.entries(result.replies)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, count]) => `${label} ×${count}`)
    .join(', ');
  return `  ${name}: ${replies || 'no requests'}; ${result.acknowledged} acknowledged; ${(durationMs / 1000).toFixed(1)} s`;
}
