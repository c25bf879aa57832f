import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEventingTables } from '../src/checkpoints.js';
import { createBatchProcessor } from '../src/nats/batch-processor.js';
import { createMessageProcessor, type MessageProcessorOptions } from '../src/nats/message-processor.js';
import { captureLogger, createStoreFixture } from './projection-fixtures.js';

/**
 * Batches against real Postgres, with deliveries made by hand (as processed-message-ledger.test.ts): what each
 * message's handler saw (its transaction id), and what became of each delivery (acked, nak'd, terminated).
 */
const schema = 'tenancy';
const store = startedForFile(createStoreFixture);

beforeAll(async () => {
  await ensureEventingTables(store.db.pool, schema);
});

function paid(cents: number): IntegrationEnvelope {
  return {
    id: uuidv7(),
    type: 'billing.invoice.paid.v1',
    occurredAt: new Date().toISOString(),
    data: { cents },
  };
}

interface Delivered {
  message: JsMsg;
  acked: boolean;
  naked: boolean;
  terminated: boolean;
}

/** A delivery of `envelope` (or of junk) at stream sequence `seq`, stored `seq` seconds after an epoch. */
function delivery(envelope: IntegrationEnvelope | string, seq: number, deliveryCount = 1): Delivered {
  const outcome: Delivered = {
    message: undefined as unknown as JsMsg,
    acked: false,
    naked: false,
    terminated: false,
  };
  outcome.message = {
    subject: 'billing.invoice.paid.v1',
    seq,
    timestampNanos: 1_760_000_000_000_000_000n + BigInt(seq) * 1_000_000_000n,
    headers: undefined,
    info: { deliveryCount },
    json: () => (typeof envelope === 'string' ? JSON.parse(envelope) : envelope),
    ack: () => (outcome.acked = true),
    ackAck: async () => (outcome.acked = true),
    nak: () => (outcome.naked = true),
    term: () => (outcome.terminated = true),
    working: () => undefined,
  } as unknown as JsMsg;
  return outcome;
}

/**
 * A consumer adding each paid invoice to a total, like tenancy's totalSpent, so a duplicate shows as a wrong sum;
 * it notes each application's transaction. `failing` names envelope ids its handler refuses.
 */
async function countingBatches(
  options: { maxDeliver?: number; react?: boolean; finished?: (cents: number[], txid: string) => void } = {},
) {
  const consumer = `batches-${randomUUID().slice(0, 8)}`;
  const table = `${schema}.total_${consumer.slice(-8)}`;
  await store.db.pool.query(`CREATE TABLE ${table} (cents bigint NOT NULL, txid xid8)`);
  const failing = new Set<string>();
  const attempts: string[] = [];
  const apply = async (envelope: IntegrationEnvelope, db: { query: typeof store.db.pool.query }) => {
    attempts.push(envelope.id);
    if (failing.has(envelope.id)) throw new Error('handler refuses it for now');
    await db.query(`INSERT INTO ${table} VALUES ($1, pg_current_xact_id())`, [envelope.data.cents]);
  };
  const { finished } = options;
  const finishBatch = async (envelopes: readonly IntegrationEnvelope[], tx: Parameters<typeof apply>[1]) => {
    const { rows } = await tx.query<{ txid: string }>('SELECT pg_current_xact_id()::text AS txid');
    finished?.(
      envelopes.map((envelope) => envelope.data.cents as number),
      rows[0]!.txid,
    );
  };
  const handler = options.react
    ? { react: (envelope: IntegrationEnvelope) => apply(envelope, store.db.pool) }
    : {
        handle: (envelope: IntegrationEnvelope, tx: Parameters<typeof apply>[1]) => apply(envelope, tx),
        finishBatch,
      };
  const processorOptions = {
    pool: store.db.pool,
    schema,
    durableName: consumer,
    logger: captureLogger(),
    maxDeliver: options.maxDeliver ?? 20,
    ...handler,
  } as MessageProcessorOptions;
  const batches = createBatchProcessor(processorOptions, createMessageProcessor(processorOptions));
  const process = async (deliveries: Delivered[]) =>
    (await batches.process(deliveries.map((d) => d.message))).map((message) => message.seq);
  const applied = async () =>
    (await store.db.pool.query<{ cents: string; txid: string }>(`SELECT cents, txid FROM ${table}`)).rows.map(
      (row) => ({ cents: Number(row.cents), txid: row.txid }),
    );
  const abandoned = async () =>
    (
      await store.db.pool.query<{ stream_seq: string }>(
        `SELECT stream_seq FROM ${schema}.abandoned_messages WHERE consumer = $1 ORDER BY stream_seq`,
        [consumer],
      )
    ).rows.map((row) => Number(row.stream_seq));
  return { failing, attempts, process, applied, abandoned };
}

const centsOf = (rows: { cents: number }[]) => rows.map((row) => row.cents);
const transactionsOf = (rows: { txid: string }[]) => new Set(rows.map((row) => row.txid)).size;

describe('a batch of integration messages', () => {
  it('is applied in one transaction, in stream order, and each message acked after the commit', async () => {
    const c = await countingBatches();
    const deliveries = [1, 2, 3, 4, 5].map((cents, index) => delivery(paid(cents), 10 + index));
    expect(await c.process(deliveries)).toEqual([]);
    const rows = await c.applied();
    expect(centsOf(rows)).toEqual([1, 2, 3, 4, 5]);
    expect(transactionsOf(rows)).toBe(1);
    expect(deliveries.every((d) => d.acked)).toBe(true);
  });

  it('is finished once, in its transaction after every message was handled, with those not skipped as done', async () => {
    const finishes: { cents: number[]; txid: string }[] = [];
    const c = await countingBatches({ finished: (cents, txid) => finishes.push({ cents, txid }) });
    const done = paid(1);
    await c.process([delivery(done, 1)]);
    // A copy of the first under a new sequence (a republished event) is skipped by its id.
    await c.process([delivery(paid(2), 2), delivery(done, 3), delivery(paid(4), 4)]);
    const rows = await c.applied();
    expect(centsOf(rows)).toEqual([1, 2, 4]);
    expect(finishes).toEqual([
      { cents: [1], txid: rows[0]!.txid },
      { cents: [2, 4], txid: rows[1]!.txid },
    ]);
    expect(rows[2]!.txid).toBe(rows[1]!.txid);
  });

  it('isolates a failing message: the ones before it land once, it is given back, the ones after it wait', async () => {
    const c = await countingBatches({ maxDeliver: 2 });
    const envelopes = [1, 2, 4, 8, 16].map(paid);
    const poison = envelopes[2]!;
    c.failing.add(poison.id);
    const first = envelopes.map((envelope, index) => delivery(envelope, index + 1));
    expect(await c.process(first)).toEqual([4, 5]);
    expect(centsOf(await c.applied())).toEqual([1, 2]);
    expect(first.map((d) => [d.acked, d.naked])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ]);
    // JetStream delivers it again, its last delivery, with the two held back behind it.
    const again = [delivery(poison, 3, 2), first[3]!, first[4]!];
    expect(await c.process(again)).toEqual([]);
    expect(again[0]!.terminated).toBe(true);
    expect(await c.abandoned()).toEqual([3]);
    const rows = await c.applied();
    expect(centsOf(rows)).toEqual([1, 2, 8, 16]);
    // Rolled back as a batch, then applied one at a time: the first two in a transaction each.
    expect(transactionsOf(rows)).toBe(4);
  });

  it('ends at an invalid message, which is terminated, and goes on with the rest as a batch of their own', async () => {
    const c = await countingBatches();
    const deliveries = [
      delivery(paid(1), 1),
      delivery(paid(2), 2),
      delivery('{"not":"an envelope"}', 3),
      delivery(paid(4), 4),
      delivery(paid(8), 5),
    ];
    expect(await c.process(deliveries)).toEqual([]);
    expect(deliveries.map((d) => d.terminated)).toEqual([false, false, true, false, false]);
    const rows = await c.applied();
    expect(centsOf(rows)).toEqual([1, 2, 4, 8]);
    expect(new Set(rows.slice(0, 2).map((row) => row.txid)).size).toBe(1);
    expect(rows[1]!.txid).not.toBe(rows[2]!.txid);
    expect(await c.abandoned()).toEqual([3]);
  });

  it('applies nothing twice when its acks were lost after the commit and it is delivered again', async () => {
    const c = await countingBatches();
    const envelopes = [1, 2, 4].map(paid);
    const lost = envelopes.map((envelope, index) => delivery(envelope, index + 1));
    for (const d of lost) {
      // The process died between the commit and the acks.
      (d.message as { ackAck: () => Promise<boolean> }).ackAck = async () => false;
      (d.message as { ack: () => void }).ack = () => undefined;
    }
    await c.process(lost);
    const redelivered = envelopes.map((envelope, index) => delivery(envelope, index + 1, 2));
    expect(await c.process(redelivered)).toEqual([]);
    expect(redelivered.every((d) => d.acked)).toBe(true);
    expect(centsOf(await c.applied())).toEqual([1, 2, 4]);
    expect(c.attempts).toHaveLength(3);
  });

  it('of reactions reacts in order until one fails, records those before it, and has that one retried alone', async () => {
    const c = await countingBatches({ react: true });
    const envelopes = [1, 2, 4, 8].map(paid);
    c.failing.add(envelopes[2]!.id);
    const deliveries = envelopes.map((envelope, index) => delivery(envelope, index + 1));
    expect(await c.process(deliveries)).toEqual([4]);
    expect(centsOf(await c.applied())).toEqual([1, 2]);
    // Tried in the batch, then again on its own, which gave it back; the ones before it were not redone.
    expect(c.attempts).toEqual([envelopes[0]!.id, envelopes[1]!.id, envelopes[2]!.id, envelopes[2]!.id]);
    expect(deliveries.map((d) => [d.acked, d.naked])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, false],
    ]);
    c.failing.clear();
    expect(await c.process([delivery(envelopes[2]!, 3, 2), deliveries[3]!])).toEqual([]);
    expect(centsOf(await c.applied())).toEqual([1, 2, 4, 8]);
  });
});
