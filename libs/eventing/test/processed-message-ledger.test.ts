import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEventingTables } from '../src/checkpoints.js';
import { createMessageProcessor } from '../src/nats/message-processor.js';
import { pruneProcessedMessages } from '../src/nats/processed-message-pruning.js';
import { captureLogger, createStoreFixture } from './projection-fixtures.js';

/**
 * The ledger against real Postgres, with deliveries made by hand: a JetStream message is its stream sequence,
 * the time the stream stored it and its delivery count, so redeliveries, replays, republished copies and
 * another stream's messages can be written down exactly. consumer-replay.test.ts does the same through NATS.
 */
const schema = 'tenancy';
const store = startedForFile(createStoreFixture);
const week = 7 * 24 * 60 * 60 * 1000;
const stored = (second: number) => 1_760_000_000_000_000_000n + BigInt(second) * 1_000_000_000n;

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

interface Delivery {
  envelope: IntegrationEnvelope | string;
  seq: number;
  /** Seconds after an arbitrary epoch at which the stream stored it. */
  storedAt: number;
  deliveryCount?: number;
}

/**
 * A consumer that adds each paid invoice to a total, like tenancy's totalSpent: a duplicate shows as a wrong
 * sum. `failing` names envelope ids its handler refuses.
 */
async function countingConsumer(
  options: { maxDeliver?: number; whileHandling?: (envelope: IntegrationEnvelope) => Promise<void> } = {},
) {
  const consumer = `totals-${randomUUID().slice(0, 8)}`;
  const table = `${schema}.total_${consumer.slice(-8)}`;
  await store.db.pool.query(`CREATE TABLE ${table} (cents bigint NOT NULL)`);
  const failing = new Set<string>();
  const processor = createMessageProcessor({
    pool: store.db.pool,
    schema,
    durableName: consumer,
    logger: captureLogger(),
    maxDeliver: options.maxDeliver ?? 20,
    handle: async (envelope, tx) => {
      await options.whileHandling?.(envelope);
      if (failing.has(envelope.id)) throw new Error('handler refuses it for now');
      await tx.query(`INSERT INTO ${table} VALUES ($1)`, [envelope.data.cents]);
    },
  });
  const deliver = async (delivery: Delivery) => {
    const outcome = { acked: false, naked: false, terminated: false };
    const message = {
      subject: 'billing.invoice.paid.v1',
      seq: delivery.seq,
      timestampNanos: stored(delivery.storedAt),
      headers: undefined,
      info: { deliveryCount: delivery.deliveryCount ?? 1 },
      json: () => (typeof delivery.envelope === 'string' ? JSON.parse(delivery.envelope) : delivery.envelope),
      ack: () => (outcome.acked = true),
      nak: () => (outcome.naked = true),
      term: () => (outcome.terminated = true),
    } as unknown as JsMsg;
    await processor.process(message);
    return outcome;
  };
  const total = async () => {
    const { rows } = await store.db.pool.query<{ sum: string | null; count: string }>(
      `SELECT sum(cents) AS sum, count(*) AS count FROM ${table}`,
    );
    return { cents: Number(rows[0]?.sum ?? 0), applied: Number(rows[0]?.count) };
  };
  const ageRows = (ms = week + 60_000) =>
    store.db.pool.query(
      `UPDATE ${schema}.processed_messages SET processed_at = processed_at - $2 * interval '1 millisecond'
       WHERE consumer = $1`,
      [consumer, ms],
    );
  const prune = () => pruneProcessedMessages(store.db.pool, schema, consumer, { retentionMs: week });
  const rowCount = async () => {
    const { rows } = await store.db.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${schema}.processed_messages WHERE consumer = $1`,
      [consumer],
    );
    return Number(rows[0]?.count);
  };
  return { consumer, failing, deliver, total, ageRows, prune, rowCount };
}

describe('processed messages, pruned', () => {
  it('still skips a redelivery of a message whose row was pruned', async () => {
    const c = await countingConsumer();
    const messages = [paid(100), paid(200), paid(300)];
    for (const [index, envelope] of messages.entries()) {
      await c.deliver({ envelope, seq: 10 + index, storedAt: index });
    }
    await c.ageRows();

    expect(await c.prune()).toBe(3);
    expect(await c.rowCount()).toBe(0);
    // The ack of seq 11 was lost; JetStream delivers it again, days later.
    const redelivered = await c.deliver({ envelope: messages[1]!, seq: 11, storedAt: 1, deliveryCount: 2 });
    expect(redelivered.acked).toBe(true);
    // Even as its last allowed delivery, which is recorded as abandoned before it is tried.
    expect((await c.deliver({ envelope: messages[2]!, seq: 12, storedAt: 2, deliveryCount: 20 })).acked).toBe(
      true,
    );
    expect(await c.total()).toEqual({ cents: 600, applied: 3 });
  });

  it('skips a republished event id under a new sequence while its row is kept', async () => {
    const c = await countingConsumer();
    const invoice = paid(4_900);
    await c.deliver({ envelope: invoice, seq: 1, storedAt: 0 });
    await c.deliver({ envelope: paid(100), seq: 2, storedAt: 1 });
    // The relay died before its checkpoint and republished after the duplicate window: a new sequence.
    await c.ageRows(week - 60 * 60 * 1000);
    expect(await c.prune()).toBe(0);

    expect((await c.deliver({ envelope: invoice, seq: 3, storedAt: 400 })).acked).toBe(true);
    expect(await c.total()).toEqual({ cents: 5_000, applied: 2 });
  });

  it("applies another stream's messages whose sequences it has seen, and keeps their rows", async () => {
    const c = await countingConsumer();
    for (let seq = 1; seq <= 5; seq += 1) await c.deliver({ envelope: paid(1), seq, storedAt: seq });
    // The stream was deleted and created again (or restored from an older backup): sequences start over, but
    // its messages are stored later than anything seen.
    const again = [paid(10), paid(20)];
    await c.deliver({ envelope: again[0]!, seq: 1, storedAt: 1_000 });
    await c.deliver({ envelope: again[1]!, seq: 2, storedAt: 1_001 });
    expect(await c.total()).toEqual({ cents: 35, applied: 7 });

    await c.ageRows();
    expect(await c.prune()).toBe(5);
    // Their sequences prove nothing yet, so their rows stay and a redelivery is still recognised.
    await c.deliver({ envelope: again[0]!, seq: 1, storedAt: 1_000, deliveryCount: 2 });
    expect(await c.rowCount()).toBe(2);
    expect(await c.total()).toEqual({ cents: 35, applied: 7 });
  });

  it('applies on a replay a message it terminated, and only that one', async () => {
    const c = await countingConsumer({ maxDeliver: 2 });
    const messages = [paid(1), paid(20), paid(300)];
    const broken = messages[1]!;
    c.failing.add(broken.id);
    await c.deliver({ envelope: messages[0]!, seq: 1, storedAt: 1 });
    expect((await c.deliver({ envelope: broken, seq: 2, storedAt: 2 })).naked).toBe(true);
    expect((await c.deliver({ envelope: broken, seq: 2, storedAt: 2, deliveryCount: 2 })).terminated).toBe(
      true,
    );
    await c.deliver({ envelope: messages[2]!, seq: 3, storedAt: 3 });
    await c.ageRows();
    expect(await c.prune()).toBe(2);

    // After a fix the durable consumer is created again: the whole stream, twice over.
    c.failing.clear();
    for (let round = 0; round < 2; round += 1) {
      for (const [index, envelope] of messages.entries()) {
        expect((await c.deliver({ envelope, seq: index + 1, storedAt: index + 1 })).acked).toBe(true);
      }
    }
    expect(await c.total()).toEqual({ cents: 321, applied: 3 });
  });

  it('applies on a replay a message that was invalid until a fix', async () => {
    const c = await countingConsumer();
    await c.deliver({ envelope: paid(1), seq: 1, storedAt: 1 });
    expect((await c.deliver({ envelope: '{"cents":20}', seq: 2, storedAt: 2 })).terminated).toBe(true);
    await c.deliver({ envelope: paid(300), seq: 3, storedAt: 3 });
    await c.ageRows();
    expect(await c.prune()).toBe(2);

    // A fix to the consumer reads the same stored message as an envelope now.
    expect((await c.deliver({ envelope: paid(20), seq: 2, storedAt: 2 })).acked).toBe(true);
    expect(await c.total()).toEqual({ cents: 321, applied: 3 });
  });

  it('records a last delivery as abandoned before trying it, and forgets that once it succeeds', async () => {
    const abandonedWhileHandling: number[] = [];
    const abandoned = async (id: string) =>
      (await store.db.pool.query(`SELECT 1 FROM ${schema}.abandoned_messages WHERE message_id = $1`, [id]))
        .rowCount ?? 0;
    const c = await countingConsumer({
      maxDeliver: 3,
      whileHandling: async (envelope) => void abandonedWhileHandling.push(await abandoned(envelope.id)),
    });
    const last = paid(6);

    await c.deliver({ envelope: paid(5), seq: 1, storedAt: 1, deliveryCount: 2 });
    await c.deliver({ envelope: last, seq: 2, storedAt: 2, deliveryCount: 3 });
    // Had the process died during the last delivery, JetStream would not deliver it again; the record made
    // before it was tried would have a replay apply it.
    expect(abandonedWhileHandling).toEqual([0, 1]);
    expect(await abandoned(last.id)).toBe(0);
    expect(await c.total()).toEqual({ cents: 11, applied: 2 });
  });
});
