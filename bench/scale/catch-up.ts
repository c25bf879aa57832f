/**
 * When the platform has caught up with what the loader wrote: every read model holds the rows it should, every
 * service's readiness reports its projections and relay with nothing behind, and every JetStream consumer on the
 * run's streams has nothing pending or unacknowledged. The counts alone would pass while a redelivery is still
 * on its way; the lag and the consumers alone would pass in the moment before a relay picks up a new batch.
 */
import type pg from 'pg';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, catalogStream, gatewayStream, identityStream, tenancyStream } from '@app/contracts';
import { setTimeout as delay } from 'node:timers/promises';
import type { ScaleStack } from './scale-stack.js';

/** `schema.table` → the rows it must hold. */
export type ExpectedRows = Record<string, number>;

export interface CatchUpProbe {
  pool: pg.Pool;
  nats: NatsConnection;
  stack: ScaleStack;
}

export interface CatchUp {
  ms: number;
  caughtUp: boolean;
  /** What was still behind at the deadline; empty once caught up. */
  behind: string[];
}

/** Polls every `pollMs` until nothing is behind, or `deadlineMs` has passed. */
export async function waitForCatchUp(
  probe: CatchUpProbe,
  expected: ExpectedRows,
  options: { deadlineMs: number; pollMs: number },
): Promise<CatchUp> {
  const started = performance.now();
  const jsm = await jetstreamManager(probe.nats);
  let behind: string[] = [];
  let reported = 0;
  for (let elapsed = 0; elapsed < options.deadlineMs; elapsed = performance.now() - started) {
    behind = [...(await lagBehind(probe.stack)), ...(await consumersBehind(jsm, probe.stack.natsPrefix))];
    // Counting a few hundred thousand rows is not free: only once nothing reports itself behind.
    if (behind.length === 0) behind = await rowsBehind(probe.pool, expected);
    if (behind.length === 0) return { ms: performance.now() - started, caughtUp: true, behind };
    if (elapsed - reported > 60_000) {
      reported = elapsed;
      console.log(`  after ${Math.round(elapsed / 1_000)} s: ${behind.slice(0, 3).join('; ')}`);
    }
    // Within a twentieth of the wait so far, so a long catch-up is not slowed by its own polling.
    await delay(Math.max(options.pollMs, Math.min(5_000, elapsed / 20)));
  }
  return { ms: performance.now() - started, caughtUp: false, behind };
}

/**
 * The rows each table holds once the platform is at rest: nothing behind, and the same counts twice a few seconds
 * apart. The demo seeds set off chains (a checkout's payment → tenancy's subscription → billing's copy) with
 * moments between their links in which nothing is behind yet a row is still to come.
 */
export async function settledRows(
  probe: CatchUpProbe,
  tables: readonly string[],
  options: { deadlineMs: number; pollMs: number },
): Promise<ExpectedRows> {
  const started = performance.now();
  let last: ExpectedRows | undefined;
  for (;;) {
    await waitForCatchUp(probe, {}, options);
    const counted = await countRows(probe.pool, tables);
    const same = last !== undefined && tables.every((table) => counted[table] === last?.[table]);
    if (same || performance.now() - started > options.deadlineMs) return counted;
    last = counted;
    await delay(3_000);
  }
}

/** Each table's rows now. */
export async function countRows(pool: pg.Pool, tables: readonly string[]): Promise<ExpectedRows> {
  const counted: ExpectedRows = {};
  for (const table of tables) {
    const { rows } = await pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
    counted[table] = rows[0]?.total ?? 0;
  }
  return counted;
}

async function rowsBehind(pool: pg.Pool, expected: ExpectedRows): Promise<string[]> {
  const counted = await countRows(pool, Object.keys(expected));
  return Object.entries(expected)
    .filter(([table, rows]) => counted[table] !== rows)
    .map(([table, rows]) => `${table}: ${counted[table]} of ${rows} rows`);
}

interface ReadinessLag {
  lag?: {
    projections: { name: string; behindEvents: number | null }[];
    relay: { behindEvents: number | null } | null;
  };
}

async function lagBehind(stack: ScaleStack): Promise<string[]> {
  const behind: string[] = [];
  for (const [service, url] of Object.entries(stack.serviceUrls)) {
    try {
      const { lag } = (await (await fetch(`${url}/health/ready`)).json()) as ReadinessLag;
      for (const projection of lag?.projections ?? []) {
        if (projection.behindEvents !== 0)
          behind.push(`${projection.name}: ${projection.behindEvents} behind`);
      }
      const relay = lag?.relay?.behindEvents ?? 0;
      if (relay !== 0) behind.push(`${service} relay: ${relay} behind`);
    } catch (error) {
      behind.push(`${service} readiness: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return behind;
}

const streams = [catalogStream, identityStream, tenancyStream, billingStream, gatewayStream];

async function consumersBehind(jsm: JetStreamManager, prefix: string): Promise<string[]> {
  const behind: string[] = [];
  for (const stream of streams) {
    const name = `${prefix}_${stream.name}`;
    const consumers = await jsm.consumers
      .list(name)
      .next()
      // A stream is made by its producer's first start; one not there yet has no consumers to wait for.
      .catch(() => []);
    for (const consumer of consumers) {
      const left = consumer.num_pending + consumer.num_ack_pending;
      if (left > 0) behind.push(`${consumer.name} on ${stream.name}: ${left} messages left`);
    }
  }
  return behind;
}
