import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { jetstream } from '@nats-io/jetstream';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureEventingTables } from '../src/checkpoints.js';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { ensureStream } from '../src/nats/stream.js';
import { createNatsFixture } from './nats-fixtures.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';

const schema = 'crashes';
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await ensureEventingTables(store.db.pool, schema);
});

/** Ten messages on a stream of their own, a table without a unique key for what is applied, and a durable name. */
async function scenario() {
  const { subjectPrefix, ...stream } = nats.isolatedStream();
  await ensureStream(nats.jsm, stream);
  const table = `${schema}.applied_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await store.db.pool.query(`CREATE TABLE ${table} (message_id uuid NOT NULL)`);
  const ids = Array.from({ length: 10 }, () => uuidv7());
  const js = jetstream(nats.nc);
  for (const id of ids) {
    const envelope = {
      id,
      type: 'catalog.product.created.v1',
      occurredAt: new Date().toISOString(),
      data: {},
    };
    await js.publish(`${subjectPrefix}catalog.product.created.v1`, JSON.stringify(envelope), { msgID: id });
  }
  const consumer = {
    stream: stream.name,
    durableName: 'crashing-copy',
    filterSubject: `${subjectPrefix}catalog.product.>`,
  };
  const applied = async () =>
    (await store.db.pool.query<{ message_id: string }>(`SELECT message_id FROM ${table}`)).rows.map(
      (row) => row.message_id,
    );
  return { ids, table, consumer, applied };
}

/** The consumer in a process of its own (consumer-crash-child.ts), until it kills itself at its first commit. */
async function crashingChild(s: Awaited<ReturnType<typeof scenario>>, crashAt: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./consumer-crash-child.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: store.db.url,
        NATS_URL: inject('natsUrl'),
        SCHEMA: schema,
        STREAM: s.consumer.stream,
        DURABLE: s.consumer.durableName,
        FILTER: s.consumer.filterSubject,
        TABLE: s.table,
        CRASH_AT: crashAt,
      },
      // `--import tsx` resolves from here up to the workspace's node_modules.
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const signal = await new Promise((resolve) =>
    child.once('exit', (_code, exitSignal) => resolve(exitSignal)),
  );
  expect(signal).toBe('SIGKILL');
}

/** Another instance takes over (once the dead one's lead runs out) and drains the stream. */
async function survivorDrains(s: Awaited<ReturnType<typeof scenario>>): Promise<void> {
  const survivor = await startIntegrationConsumer({
    ...s.consumer,
    nats: nats.nc,
    pool: store.db.pool,
    schema,
    ackWaitMs: 1_000,
    batchSize: 10,
    logger: captureLogger(),
    handle: async (envelope, tx) => {
      await tx.query(`INSERT INTO ${s.table} VALUES ($1)`, [envelope.id]);
    },
  });
  try {
    const settled = async () => {
      const info = await nats.jsm.consumers.info(s.consumer.stream, s.consumer.durableName);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    };
    expect(await waitUntil(async () => (await s.applied()).length >= 10 && (await settled()), 25_000)).toBe(
      true,
    );
  } finally {
    await survivor.stop();
  }
}

describe('an integration consumer that dies during a batch', () => {
  it('loses nothing when it dies before the commit', { timeout: 60_000 }, async () => {
    const s = await scenario();
    await crashingChild(s, 'before-commit');
    expect(await s.applied()).toEqual([]);
    await survivorDrains(s);
    expect((await s.applied()).sort()).toEqual([...s.ids].sort());
  });

  it('applies nothing twice when it dies between the commit and the acks', { timeout: 60_000 }, async () => {
    const s = await scenario();
    await crashingChild(s, 'after-commit');
    const committed = await s.applied();
    expect(committed.length).toBeGreaterThan(0);
    await survivorDrains(s);
    // The committed batch came again (nothing had acked it) and was skipped by its claimed ids.
    expect((await s.applied()).sort()).toEqual([...s.ids].sort());
  });
});
