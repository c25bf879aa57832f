import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamName, type NewEvent, type Position } from '../src/event-store.js';
import { readCheckpoint } from '../src/checkpoints.js';
import { startIntegrationConsumer, type IntegrationConsumer } from '../src/nats/integration-consumer.js';
import { ensureStream } from '../src/nats/stream.js';
import { startRelay } from '../src/relay/relay.js';
import { catalogRelayOptions, catalogSchema } from './catalog-pipeline.js';
import { captureLogger, createStoreFixture, productCreated, waitUntil } from './projection-fixtures.js';
import { createNatsFixture } from './nats-fixtures.js';
import { inject } from 'vitest';

/**
 * RELAY-RESTART: a relay that dies after publishing and before checkpointing republishes on restart; JetStream's
 * duplicate window drops the copies and the consumer's read model has every event exactly once.
 */
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await store.db.pool.query('CREATE SCHEMA IF NOT EXISTS tenancy');
});

async function scenario() {
  const category = uniquePrefix('catalog_k');
  const options = catalogRelayOptions(store, nats, [category]);
  const { stream, subjectPrefix } = options;
  const table = `tenancy.${uniquePrefix('products_')}`;
  await ensureStream(nats.jsm, stream);
  // No unique key: a message applied twice would show up as two rows.
  await store.db.pool.query(`CREATE TABLE ${table} (event_id uuid NOT NULL)`);
  const append = async (count: number): Promise<NewEvent[]> => {
    const events = Array.from({ length: count }, () => productCreated());
    for (const event of events)
      await store.store.append(streamName(category, randomUUID()), [event], 'no_stream');
    return events;
  };
  const startConsumer = (): Promise<IntegrationConsumer> =>
    startIntegrationConsumer({
      nats: nats.nc,
      stream: stream.name,
      durableName: 'tenancy-catalog-products',
      filterSubject: `${subjectPrefix}catalog.product.>`,
      pool: store.db.pool,
      schema: 'tenancy',
      logger: captureLogger(),
      handle: async (envelope, tx) => {
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, [envelope.id]);
      },
    });
  const rowsPerEvent = async () =>
    (
      await store.db.pool.query<{ event_id: string; n: number }>(
        `SELECT event_id, count(*)::int AS n FROM ${table} GROUP BY event_id`,
      )
    ).rows;
  const streamCount = async () => (await nats.jsm.streams.info(stream.name)).state.messages;
  const checkpoint = () => readCheckpoint(store.db.pool, catalogSchema, `relay:${stream.name}`);
  return {
    options,
    stream,
    subjectPrefix,
    category,
    append,
    startConsumer,
    rowsPerEvent,
    streamCount,
    checkpoint,
  };
}

async function expectEachOnce(s: Awaited<ReturnType<typeof scenario>>, events: NewEvent[]) {
  expect(await waitUntil(async () => (await s.rowsPerEvent()).length === events.length, 10_000)).toBe(true);
  const rows = await s.rowsPerEvent();
  expect(rows.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.id).sort());
  expect(rows.every((row) => row.n === 1)).toBe(true);
  expect(await s.streamCount()).toBe(events.length);
}

/** What a relay logged as published again and dropped by JetStream's duplicate window. */
function deduplicated(logger: ReturnType<typeof captureLogger>) {
  return logger.at('debug').filter((entry) => /deduplicated/.test(entry.message ?? ''));
}

/**
 * After a relay died without its checkpoint: five more events, and a relay started again delivers all of them
 * and `published` once each, having published the `republished` before again for JetStream to drop. Answers
 * the position it stopped at.
 */
async function restartAndExpectEachOnce(
  s: Awaited<ReturnType<typeof scenario>>,
  published: NewEvent[],
  republished: number,
): Promise<Position | 'start'> {
  const after = await s.append(5);
  const logger = captureLogger();
  const restarted = await startRelay({ ...s.options, logger });
  try {
    await expectEachOnce(s, [...published, ...after]);
    expect(deduplicated(logger)).toHaveLength(republished);
  } finally {
    await restarted.stop();
  }
  return restarted.position();
}

/** A relay in a process of its own (relay-crash-child.ts), resolved once it has started. */
async function spawnRelayChild(s: Awaited<ReturnType<typeof scenario>>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./relay-crash-child.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: store.db.url,
        NATS_URL: inject('natsUrl'),
        SCHEMA: catalogSchema,
        STREAM: s.stream.name,
        SUBJECTS: s.stream.subjects[0],
        SUBJECT_PREFIX: s.subjectPrefix,
        CATEGORY: s.category,
      },
      // `--import tsx` resolves from here up to the workspace's node_modules.
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(await waitUntil(() => output.includes('relay started'), 20_000)).toBe(true);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('RELAY-RESTART', () => {
  it('loses and doubles nothing when the checkpoint write dies after the publish', async () => {
    const s = await scenario();
    const consumer = await s.startConsumer();
    try {
      const before = await s.append(10);
      const crashing = await startRelay({
        ...s.options,
        checkpointEvery: { events: 1 },
        beforeCheckpointWrite: () => {
          throw new Error('simulated crash between publish and checkpoint');
        },
      });
      expect(await waitUntil(async () => (await s.streamCount()) === 10)).toBe(true);
      await crashing.stop();
      expect(await s.checkpoint()).toBe('start');

      // It really did publish the first ten again; JetStream dropped them.
      const stoppedAt = await restartAndExpectEachOnce(s, before, 10);
      expect(await s.checkpoint()).toEqual(stoppedAt);
    } finally {
      await consumer.stop();
    }
  });

  it('loses and doubles nothing when the relay process is killed (SIGKILL) before it checkpoints', async () => {
    const s = await scenario();
    const consumer = await s.startConsumer();
    let child: ChildProcess | undefined;
    try {
      child = await spawnRelayChild(s);

      const before = await s.append(10);
      expect(await waitUntil(async () => (await s.streamCount()) === 10)).toBe(true);
      await kill(child);
      expect(await s.checkpoint()).toBe('start');

      await restartAndExpectEachOnce(s, before, 10);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await consumer.stop();
    }
  });

  it('a standby replica takes over when the leader is killed, and each event reaches the consumer once', async () => {
    const s = await scenario();
    const consumer = await s.startConsumer();
    let leader: ChildProcess | undefined;
    const logger = captureLogger();
    let standby: Awaited<ReturnType<typeof startRelay>> | undefined;
    try {
      leader = await spawnRelayChild(s);
      const before = await s.append(10);
      expect(await waitUntil(async () => (await s.streamCount()) === 10)).toBe(true);
      // Started once the other process leads: this one must stand by and publish nothing.
      standby = await startRelay({ ...s.options, logger });
      expect(await waitUntil(() => logger.at('info').some((e) => /standing by/.test(e.message ?? '')))).toBe(
        true,
      );
      const during = await s.append(5);
      expect(await waitUntil(async () => (await s.streamCount()) === 15)).toBe(true);
      expect(standby.position()).toBe('start');

      await kill(leader);
      const after = await s.append(5);
      await expectEachOnce(s, [...before, ...during, ...after]);
      expect(standby.position()).not.toBe('start');
      // The leader died before any checkpoint: the standby republished its 15 and JetStream dropped them.
      expect(deduplicated(logger)).toHaveLength(15);
      await standby.stop();
      standby = undefined;
      expect(await s.checkpoint()).not.toBe('start');
    } finally {
      await standby?.stop();
      if (leader && leader.exitCode === null && leader.signalCode === null) leader.kill('SIGKILL');
      await consumer.stop();
    }
  });
});
