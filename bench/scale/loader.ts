/**
 * Grows the platform from one size to the next in the order the services' own flows would: accounts (and, the
 * first time, the catalogue), then tenants, then their subscriptions, then the checkout invoices, then usage. Each
 * phase is appended in bulk (bulk-append.ts), then waited on until every read model and consumer has caught up
 * (catch-up.ts), because the next phase's consumers need the last one's facts: an invoice's tenant must be in
 * tenancy's tenants, a subscription's tenant in billing's copy, or they are redelivered with growing backoff.
 */
import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { openUsageStream } from '../../gateway/src/usage/usage-stream.js';
import { appendStreams } from './bulk-append.js';
import { waitForCatchUp, type ExpectedRows } from './catch-up.js';
import { loading, shape } from './config.js';
import {
  benchProduct,
  benchSubscriptions,
  benchTenant,
  benchUser,
  measuredCustomer,
  usageDays,
  usageQuantity,
  usersFor,
  type BenchSubscription,
  type Timeline,
} from './dataset.js';
import { checkoutInvoiceStream } from './events/billing-events.js';
import { productStream } from './events/catalog-events.js';
import { userStream } from './events/identity-events.js';
import type { StreamAppend } from './events/stored-stream.js';
import { subscriptionStream, tenantStream } from './events/tenancy-events.js';
import { usageBatches } from './events/usage-batches.js';
import type { PhaseFigure } from './results.js';
import type { ScaleStack } from './scale-stack.js';

export interface Loader {
  pool: pg.Pool;
  /** The event store's schema (`eventstore`). */
  schema: string;
  nats: NatsConnection;
  stack: ScaleStack;
  timeline: Timeline;
  now: Date;
  catchUpMs: number;
  /** Rows each read model must hold once caught up: the demo data's, plus all loaded so far. */
  expected: ExpectedRows;
}

/** The usage batches this bench publishes, told apart from those the gateway meters meanwhile. */
export const benchUsageBatches = "billing.usage_batches WHERE gateway_instance = 'bench-scale'";

export async function grow(loader: Loader, from: number, to: number): Promise<PhaseFigure[]> {
  const { timeline } = loader;
  const [firstUser, endUser] = [usersFor(from), usersFor(to)];
  const subscriptionsOf = function* () {
    for (const i of range(from, to)) yield* benchSubscriptions(benchTenant(i, timeline), i, timeline);
  };
  const newProducts = from === 0 ? shape.products : 0;
  const subscriptions = (to - from) * shape.subscriptionsPerTenant;
  const phases: PhaseFigure[] = [];

  phases.push(
    await phase(
      loader,
      from === 0 ? 'users and products' : 'users',
      [
        ...map(range(firstUser, endUser), (u) => userStream(benchUser(u, timeline))),
        ...map(range(0, newProducts), (p) => productStream(benchProduct(p, timeline))),
      ],
      {
        'identity.users': endUser - firstUser,
        'tenancy.owners': endUser - firstUser,
        'catalog.products': newProducts,
        'tenancy.products': newProducts,
        'billing.products': newProducts,
      },
    ),
  );
  phases.push(
    await phase(
      loader,
      'tenants',
      map(range(from, to), (i) => tenantStream(benchTenant(i, timeline))),
      { 'tenancy.tenants': to - from, 'billing.tenants': to - from },
    ),
  );
  phases.push(
    await phase(loader, 'subscriptions', map(subscriptionsOf(), subscriptionStream), {
      'tenancy.subscriptions': subscriptions,
      'billing.subscriptions': subscriptions,
    }),
  );
  const numbers = await invoiceNumbers(loader.pool, to - from);
  phases.push(
    await phase(
      loader,
      'invoices',
      map(range(from, to), (i, n) => checkoutInvoiceStream(firstSubscription(i, timeline), numbers[n] ?? 0n)),
      { 'billing.invoices': to - from, 'tenancy.paid_invoices': to - from },
    ),
  );
  phases.push(await usagePhase(loader, from, firstUser, endUser));
  phases.push(await refreshStatistics(loader.pool));
  return phases;
}

/**
 * Table statistics for the grown tables, and their dead row versions cleared, as autovacuum keeps them in
 * production once a table has changed by a tenth. Without them (this development server runs with autovacuum
 * off) the planner takes a 100,000-row table for the few rows it last counted, and picks plans no production
 * database would; and every later write, a rebuild's above all, works around the versions the catch-up's
 * recounts left behind.
 */
async function refreshStatistics(pool: pg.Pool): Promise<PhaseFigure> {
  console.log('vacuuming and analyzing the grown tables …');
  const started = performance.now();
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query<{ autovacuum: string }>('SHOW autovacuum');
  const phase = `VACUUM ANALYZE (autovacuum ${rows[0]?.autovacuum ?? '?'} on this server)`;
  return { phase, streams: 0, events: 0, appendMs: performance.now() - started, ...nothingToCatchUp };
}

const nothingToCatchUp = { catchUpMs: 0, caughtUp: true, behind: [] };

async function phase(
  loader: Loader,
  name: string,
  appends: Iterable<StreamAppend>,
  added: ExpectedRows,
): Promise<PhaseFigure> {
  console.log(`loading ${name} …`);
  const appended = await appendStreams(loader.pool, loader.schema, appends, loading);
  return { phase: name, ...appended, appendMs: appended.ms, ...(await caughtUp(loader, added)) };
}

/** Usage goes the gateway's way: its batches published on the run's GATEWAY stream, which billing consumes. */
async function usagePhase(
  loader: Loader,
  from: number,
  firstUser: number,
  endUser: number,
): Promise<PhaseFigure> {
  console.log('loading usage …');
  const users = [
    ...(from === 0 ? [{ userId: measuredCustomer.id, index: 0 }] : []),
    ...map(range(firstUser, endUser), (u) => ({ userId: benchUser(u, loader.timeline).userId, index: u })),
  ];
  const batches = usageBatches(users, usageDays(loader.now), usageQuantity);
  const started = performance.now();
  const publish = await openUsageStream({ nats: loader.nats, prefix: loader.stack.natsPrefix });
  for (const batch of batches) await publish(batch);
  const appendMs = performance.now() - started;
  const events = batches.reduce((sum, batch) => sum + batch.data.counts.length, 0);
  return {
    phase: 'usage (NATS batches)',
    streams: batches.length,
    events,
    appendMs,
    ...(await caughtUp(loader, { [benchUsageBatches]: batches.length })),
  };
}

async function caughtUp(loader: Loader, added: ExpectedRows) {
  for (const [table, rows] of Object.entries(added))
    loader.expected[table] = (loader.expected[table] ?? 0) + rows;
  const { ms, caughtUp, behind } = await waitForCatchUp(loader, loader.expected, {
    deadlineMs: loader.catchUpMs,
    pollMs: loading.pollMs,
  });
  console.log(
    caughtUp ? `  caught up in ${(ms / 1_000).toFixed(1)} s` : `  still behind: ${behind.join('; ')}`,
  );
  return { catchUpMs: ms, caughtUp, behind };
}

/**
 * One paid invoice per tenant: the checkout that bought its first subscription. One per subscription would triple
 * the messages tenancy's paid-invoice and renewal consumers take one at a time, for no list the bench measures.
 */
function firstSubscription(i: number, timeline: Timeline): BenchSubscription {
  const [first] = benchSubscriptions(benchTenant(i, timeline), i, timeline);
  if (!first) throw new Error(`tenant ${i} has no subscription`);
  return first;
}

/** Numbers from billing's own invoice sequence (migrations/004_invoice_numbers.sql), as checkouts take them. */
async function invoiceNumbers(pool: pg.Pool, count: number): Promise<bigint[]> {
  const { rows } = await pool.query<{ value: string }>(
    "SELECT nextval('billing.invoice_numbers')::text AS value FROM generate_series(1, $1)",
    [count],
  );
  return rows.map((row) => BigInt(row.value));
}

function* range(from: number, to: number): Generator<number> {
  for (let index = from; index < to; index += 1) yield index;
}

function* map<T, U>(items: Iterable<T>, to: (item: T, index: number) => U): Generator<U> {
  let index = 0;
  for (const item of items) yield to(item, index++);
}
