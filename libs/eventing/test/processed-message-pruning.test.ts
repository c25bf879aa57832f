import { randomUUID } from 'node:crypto';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEventingTables } from '../src/checkpoints.js';
import {
  checkedRetentionMs,
  pruneProcessedMessages,
  startProcessedMessagePruner,
} from '../src/nats/processed-message-pruning.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';

const schema = 'billing';
const store = startedForFile(createStoreFixture);
const day = 24 * 60 * 60 * 1000;
const week = 7 * day;
const nanos = (seq: number) => (1_760_000_000_000_000_000n + BigInt(seq) * 1_000_000_000n).toString();

beforeAll(async () => {
  await ensureEventingTables(store.db.pool, schema);
});

interface Row {
  label: string;
  seq: number | null;
  /** Defaults to the time the stream stored sequence `seq`. */
  storedNanos?: string;
  ageDays: number;
}

/** A consumer with progress [since, high] and processed-message rows as given, each labelled by its id. */
async function consumerWith(progress: { since: number; high: number } | null, rows: Row[]) {
  const consumer = `pruned-${randomUUID().slice(0, 8)}`;
  if (progress) {
    await store.db.pool.query(
      `INSERT INTO ${schema}.consumer_progress (consumer, since_seq, high_seq, high_nanos) VALUES ($1, $2, $3, $4)`,
      [consumer, progress.since, progress.high, nanos(progress.high)],
    );
  }
  for (const row of rows) {
    await store.db.pool.query(
      `INSERT INTO ${schema}.processed_messages (consumer, message_id, stream_seq, stored_nanos, processed_at)
       VALUES ($1, $2, $3, $4, now() - $5 * interval '1 day')`,
      [
        consumer,
        row.label,
        row.seq,
        row.seq === null ? null : (row.storedNanos ?? nanos(row.seq)),
        row.ageDays,
      ],
    );
  }
  const remaining = async () => {
    const { rows: left } = await store.db.pool.query<{ message_id: string }>(
      `SELECT message_id FROM ${schema}.processed_messages WHERE consumer = $1 ORDER BY message_id`,
      [consumer],
    );
    return left.map((row) => row.message_id);
  };
  return { consumer, remaining };
}

describe('pruning processed messages', () => {
  it('deletes only rows past the retention whose message its progress covers', async () => {
    const c = await consumerWith({ since: 10, high: 20 }, [
      { label: 'a-covered-old', seq: 10, ageDays: 8 },
      { label: 'b-covered-old-at-high', seq: 20, ageDays: 30 },
      { label: 'c-covered-recent', seq: 15, ageDays: 6 },
      { label: 'd-above-high', seq: 21, ageDays: 8 },
      { label: 'e-another-stream', seq: 12, storedNanos: nanos(1_000), ageDays: 8 },
      { label: 'f-below-since', seq: 9, ageDays: 8 },
      { label: 'g-before-sequences', seq: null, ageDays: 400 },
    ]);
    // Another consumer's covered old rows are its own pruner's business.
    const other = await consumerWith({ since: 1, high: 100 }, [{ label: 'x', seq: 12, ageDays: 8 }]);

    const deleted = await pruneProcessedMessages(store.db.pool, schema, c.consumer, { retentionMs: week });

    expect(deleted).toBe(2);
    expect(await c.remaining()).toEqual([
      'c-covered-recent',
      'd-above-high',
      'e-another-stream',
      'f-below-since',
      'g-before-sequences',
    ]);
    expect(await other.remaining()).toEqual(['x']);
  });

  it('keeps every row of a consumer without progress', async () => {
    const c = await consumerWith(null, [{ label: 'a', seq: 1, ageDays: 30 }]);

    expect(await pruneProcessedMessages(store.db.pool, schema, c.consumer, { retentionMs: week })).toBe(0);
    expect(await c.remaining()).toEqual(['a']);
  });

  it('deletes in batches, at most maxBatches of them per run', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({
      label: `r${index}`,
      seq: index + 1,
      ageDays: 8,
    }));
    const c = await consumerWith({ since: 1, high: 7 }, rows);
    const options = { retentionMs: week, batchSize: 2 };

    expect(
      await pruneProcessedMessages(store.db.pool, schema, c.consumer, { ...options, maxBatches: 2 }),
    ).toBe(4);
    expect(await c.remaining()).toHaveLength(3);
    expect(await pruneProcessedMessages(store.db.pool, schema, c.consumer, options)).toBe(3);
    expect(await c.remaining()).toEqual([]);
  });

  it('refuses a retention shorter than a day, or not whole milliseconds', async () => {
    expect(checkedRetentionMs(day)).toBe(day);
    for (const retentionMs of [day - 1, 2 * 60_000, 0, -week, 1.5 * day + 0.5, Number.NaN, 3_651 * day]) {
      expect(() => checkedRetentionMs(retentionMs), String(retentionMs)).toThrow(/retention/);
    }
    await expect(
      pruneProcessedMessages(store.db.pool, schema, 'any', { retentionMs: 60 * 60 * 1000 }),
    ).rejects.toThrow(/retention/);
  });

  it('prunes on its own, periodically, until stopped', async () => {
    const c = await consumerWith({ since: 1, high: 2 }, [
      { label: 'old', seq: 1, ageDays: 8 },
      { label: 'new', seq: 2, ageDays: 0 },
    ]);
    const logger = captureLogger();
    const pruner = startProcessedMessagePruner({
      pool: store.db.pool,
      schema,
      consumer: c.consumer,
      logger,
      retentionMs: week,
      everyMs: 50,
    });
    try {
      expect(await waitUntil(() => logger.at('info').length > 0)).toBe(true);
      expect(logger.at('info')[0]).toMatchObject({ fields: { consumer: c.consumer, deleted: 1 } });
      expect(await c.remaining()).toEqual(['new']);
    } finally {
      await pruner.stop();
    }
  });
});
