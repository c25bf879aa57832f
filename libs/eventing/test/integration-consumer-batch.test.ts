import { startedForFile } from '@app/test-support/started-for-file';
import { jetstream } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { ensureStream } from '../src/nats/stream.js';
import { createNatsFixture } from './nats-fixtures.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';

const schema = 'batches';
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await store.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
});

const renamed = (version: number): IntegrationEnvelope => ({
  id: uuidv7(),
  type: 'catalog.product.updated.v1',
  occurredAt: new Date().toISOString(),
  data: { version },
});

/** A stream holding `count` renames, versions 1 to `count`, and the consumer options to read it. */
async function backlog(count: number) {
  const { subjectPrefix, ...stream } = nats.isolatedStream();
  await ensureStream(nats.jsm, stream);
  const js = jetstream(nats.nc);
  const publish = async (versions: number[]) => {
    for (const version of versions) {
      const message = renamed(version);
      await js.publish(`${subjectPrefix}${message.type}`, JSON.stringify(message), { msgID: message.id });
    }
  };
  await publish(Array.from({ length: count }, (_, index) => index + 1));
  return {
    publish,
    options: {
      nats: nats.nc,
      stream: stream.name,
      durableName: 'batched-copy',
      filterSubject: `${subjectPrefix}catalog.product.>`,
      pool: store.db.pool,
      schema,
      ackWaitMs: 1_000,
    },
  };
}

const versionOf = (message: IntegrationEnvelope) => (message.data as { version: number }).version;

function countsBy(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

describe('an integration consumer with a backlog', () => {
  it('applies it in batches of at most batchSize, one transaction each, in stream order', async () => {
    const { options } = await backlog(35);
    const applied: { version: number; txid: string }[] = [];
    const consumer = await startIntegrationConsumer({
      ...options,
      batchSize: 10,
      logger: captureLogger(),
      handle: async (message, tx) => {
        const { rows } = await tx.query<{ txid: string }>('SELECT pg_current_xact_id()::text AS txid');
        applied.push({ version: versionOf(message), txid: rows[0]!.txid });
      },
    });
    try {
      expect(await waitUntil(() => applied.length >= 35, 15_000)).toBe(true);
      expect(applied.map((entry) => entry.version)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
      const batches = [...countsBy(applied.map((entry) => entry.txid)).values()];
      expect(batches.every((size) => size <= 10)).toBe(true);
      // One at a time would be 35 transactions; JetStream hands out ten at once.
      expect(batches.length).toBeLessThanOrEqual(10);
    } finally {
      await consumer.stop();
    }
  });

  it('terminates a message failing on every delivery and applies the rest once, those after it only after it', async () => {
    const { options } = await backlog(12);
    const table = `${schema}.versions_${uuidv7().slice(-12)}`;
    await store.db.pool.query(`CREATE TABLE ${table} (version int NOT NULL, applied serial)`);
    const log: string[] = [];
    const logger = captureLogger();
    const consumer = await startIntegrationConsumer({
      ...options,
      batchSize: 10,
      maxDeliver: 2,
      logger,
      handle: async (message, tx) => {
        const version = versionOf(message);
        if (version === 5) {
          log.push('fail 5');
          throw new Error('this rename cannot be applied');
        }
        log.push(`apply ${version}`);
        await tx.query(`INSERT INTO ${table} (version) VALUES ($1)`, [version]);
      },
    });
    try {
      const settled = async () => {
        const info = await nats.jsm.consumers.info(options.stream, options.durableName);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      };
      expect(await waitUntil(async () => log.includes('apply 12') && (await settled()), 15_000)).toBe(true);
      // The batches' attempts were rolled back; what stays is each applied once, in order, with 5 left out.
      const { rows: committed } = await store.db.pool.query<{ version: number }>(
        `SELECT version FROM ${table} ORDER BY applied`,
      );
      expect(committed.map((row) => row.version)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]);
      expect(log.indexOf('apply 6')).toBeGreaterThan(log.lastIndexOf('fail 5'));
      expect(logger.at('error').map((entry) => entry.message)).toContain(
        'integration message failed on its last delivery; terminated, replay it after a fix',
      );
      const { rows } = await store.db.pool.query(
        `SELECT 1 FROM ${schema}.abandoned_messages WHERE consumer = $1`,
        [options.durableName],
      );
      expect(rows).toHaveLength(1);
    } finally {
      await consumer.stop();
    }
  });

  it('is consumed by one instance at a time; another takes over when it stops', async () => {
    const { options, publish } = await backlog(20);
    const applied: { instance: string; version: number }[] = [];
    const start = (instance: string) =>
      startIntegrationConsumer({
        ...options,
        batchSize: 5,
        logger: captureLogger(),
        handle: async (message) => void applied.push({ instance, version: versionOf(message) }),
      });
    const first = await start('first');
    const second = await start('second');
    try {
      expect(await waitUntil(() => applied.length >= 20, 15_000)).toBe(true);
      expect(new Set(applied.map((entry) => entry.instance)).size).toBe(1);
      const leader = applied[0]!.instance;
      await (leader === 'first' ? first : second).stop();
      await publish([21, 22, 23]);
      expect(await waitUntil(() => applied.length >= 23, 15_000)).toBe(true);
      expect(applied.map((entry) => entry.version)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
      expect(applied.slice(20).every((entry) => entry.instance !== leader)).toBe(true);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
