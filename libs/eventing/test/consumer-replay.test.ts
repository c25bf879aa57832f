import { jetstream } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureStream } from '../src/nats/stream.js';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { pruneProcessedMessages } from '../src/nats/processed-message-pruning.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';
import { createNatsFixture } from './nats-fixtures.js';

const schema = 'tenancy';
const durableName = 'tenancy-paid-invoices';
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);
const week = 7 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await store.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await store.db.pool.query(`CREATE TABLE ${schema}.spent (invoice_id uuid NOT NULL, cents bigint NOT NULL)`);
});

function invoicePaid(cents: number): IntegrationEnvelope {
  return {
    id: uuidv7(),
    type: 'billing.invoice.paid.v1',
    occurredAt: new Date().toISOString(),
    data: { invoiceId: uuidv7(), cents },
  };
}

describe('a durable consumer created again after its processed messages were pruned', () => {
  it('replays the stream from its start and applies only what it had not: nothing twice', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream('BILLING');
    await ensureStream(nats.jsm, { ...stream, subjects: [`${subjectPrefix}billing.>`] });
    const refused = new Set<string>();
    const start = () =>
      startIntegrationConsumer({
        nats: nats.nc,
        stream: stream.name,
        durableName,
        filterSubject: `${subjectPrefix}billing.invoice.>`,
        pool: store.db.pool,
        schema,
        logger: captureLogger(),
        maxDeliver: 2,
        // Adds up money, as tenancy's totalSpent does: a message applied twice shows in the sum.
        handle: async (envelope, tx) => {
          if (refused.has(envelope.id)) throw new Error('a bug refuses this invoice');
          await tx.query(`INSERT INTO ${schema}.spent VALUES ($1, $2)`, [
            envelope.data.invoiceId,
            envelope.data.cents,
          ]);
        },
      });
    const spent = async () => {
      const { rows } = await store.db.pool.query<{ sum: string | null; count: string }>(
        `SELECT sum(cents) AS sum, count(*) AS count FROM ${schema}.spent`,
      );
      return { cents: Number(rows[0]?.sum ?? 0), rows: Number(rows[0]?.count) };
    };
    const settled = async () => {
      const info = await nats.jsm.consumers.info(stream.name, durableName).catch(() => null);
      return info !== null && info.num_pending === 0 && info.num_ack_pending === 0;
    };
    const invoices = [invoicePaid(1), invoicePaid(20), invoicePaid(300), invoicePaid(4_000)];
    const broken = invoices[1]!;
    refused.add(broken.id);
    const js = jetstream(nats.nc);
    for (const invoice of invoices) {
      await js.publish(`${subjectPrefix}${invoice.type}`, JSON.stringify(invoice), { msgID: invoice.id });
    }

    let consumer = await start();
    try {
      // The refused invoice is delivered twice, then terminated.
      expect(await waitUntil(async () => (await spent()).rows === 3 && (await settled()), 10_000)).toBe(true);
    } finally {
      await consumer.stop();
    }
    expect(await spent()).toEqual({ cents: 4_301, rows: 3 });
    await store.db.pool.query(
      `UPDATE ${schema}.processed_messages SET processed_at = now() - interval '8 days' WHERE consumer = $1`,
      [durableName],
    );
    expect(await pruneProcessedMessages(store.db.pool, schema, durableName, { retentionMs: week })).toBe(3);

    // The runbook after a fix: delete the durable consumer; the service creates it again at its next start.
    refused.clear();
    await nats.jsm.consumers.delete(stream.name, durableName);
    consumer = await start();
    try {
      expect(await waitUntil(async () => (await spent()).rows === 4 && (await settled()), 10_000)).toBe(true);
    } finally {
      await consumer.stop();
    }
    expect(await spent()).toEqual({ cents: 4_321, rows: 4 });
  });
});
