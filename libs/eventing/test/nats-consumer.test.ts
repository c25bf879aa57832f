import { randomUUID } from 'node:crypto';
import { startedForFile } from '@app/test-support/started-for-file';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
  type Context,
  type ContextManager,
} from '@opentelemetry/api';
import { jetstream } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import type { IntegrationEnvelope } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStream } from '../src/nats/stream.js';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';
import { createNatsFixture } from './nats-fixtures.js';

const schema = 'tenancy';
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await store.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  // What service-kit's OpenTelemetry SDK registers in production.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  context.setGlobalContextManager(asyncContextManager());
});
afterAll(() => {
  propagation.disable();
  context.disable();
});

function asyncContextManager(): ContextManager {
  const storage = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (ctx, fn, thisArg, ...args) => storage.run(ctx, () => fn.call(thisArg, ...args)),
    bind: (_ctx, target) => target,
    enable: () => manager,
    disable: () => manager,
  };
  return manager;
}

function envelope(overrides: Partial<IntegrationEnvelope> = {}): IntegrationEnvelope {
  return {
    id: uuidv7(),
    type: 'catalog.product.created.v1',
    occurredAt: new Date().toISOString(),
    data: { productId: uuidv7(), name: 'Widget' },
    ...overrides,
  };
}

/** A stream, a table without a unique key (so a double apply shows as two rows) and a consumer writing into it. */
async function setup(
  handleExtra?: (message: IntegrationEnvelope) => void,
  options: { eventTypes?: readonly string[] } = {},
) {
  const { subjectPrefix, ...stream } = nats.isolatedStream();
  await ensureStream(nats.jsm, stream);
  const table = `${schema}.received_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await store.db.pool.query(
    `CREATE TABLE ${table} (message_id uuid NOT NULL, type text NOT NULL, trace_id text)`,
  );
  const logger = captureLogger();
  const consumer = await startIntegrationConsumer({
    nats: nats.nc,
    stream: stream.name,
    durableName: 'tenancy-products',
    filterSubject: `${subjectPrefix}catalog.product.>`,
    pool: store.db.pool,
    schema,
    logger,
    ...options,
    handle: async (message, tx) => {
      handleExtra?.(message);
      const traceId = trace.getActiveSpan()?.spanContext().traceId ?? null;
      await tx.query(`INSERT INTO ${table} VALUES ($1, $2, $3)`, [message.id, message.type, traceId]);
    },
  });
  const js = jetstream(nats.nc);
  const publish = (body: unknown, msgID = randomUUID(), traceparent?: string) => {
    const h = headers();
    if (traceparent) h.set('traceparent', traceparent);
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return js.publish(`${subjectPrefix}catalog.product.created.v1`, payload, { msgID, headers: h });
  };
  const rows = async () =>
    (
      await store.db.pool.query<{ message_id: string; type: string; trace_id: string | null }>(
        `SELECT * FROM ${table}`,
      )
    ).rows;
  const settled = async () => {
    const info = await nats.jsm.consumers.info(stream.name, 'tenancy-products').catch(() => null);
    return info !== null && info.num_pending === 0 && info.num_ack_pending === 0;
  };
  return { consumer, logger, publish, rows, settled };
}

describe('integration consumer', () => {
  it('applies a redelivered envelope once and carries the trace context into the handler', async () => {
    const { consumer, publish, rows, settled } = await setup();
    try {
      const message = envelope();
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      // Two different Nats-Msg-Ids, so JetStream stores both copies and the consumer must do the deduping.
      await publish(message, randomUUID(), `00-${traceId}-b7ad6b7169203331-01`);
      await publish(message);
      expect(await waitUntil(settled)).toBe(true);
      expect(await rows()).toEqual([{ message_id: message.id, type: message.type, trace_id: traceId }]);
      const processed = await store.db.pool.query(
        `SELECT consumer FROM ${schema}.processed_messages WHERE message_id = $1`,
        [message.id],
      );
      expect(processed.rows).toEqual([{ consumer: 'tenancy-products' }]);
    } finally {
      await consumer.stop();
    }
  });

  it('acks the types it does not act on at once, neither applying nor recording them', async () => {
    const { consumer, publish, rows, settled } = await setup(undefined, {
      eventTypes: ['catalog.product.created.v1'],
    });
    try {
      // Another type under the same filter, as tenancy.> brings tenancy's audit entries to a copy of its tenants.
      const other = envelope({ type: 'catalog.product.audited.v1' });
      const acted = envelope();
      await publish(other);
      await publish(acted);
      expect(await waitUntil(settled)).toBe(true);
      expect((await rows()).map((row) => row.message_id)).toEqual([acted.id]);
      const processed = await store.db.pool.query(
        `SELECT message_id FROM ${schema}.processed_messages WHERE message_id = ANY($1::text[])`,
        [[other.id, acted.id]],
      );
      expect(processed.rows).toEqual([{ message_id: acted.id }]);
    } finally {
      await consumer.stop();
    }
  });

  it('terminates and logs an invalid message and carries on with the next valid one', async () => {
    const { consumer, logger, publish, rows, settled } = await setup();
    try {
      await publish('{not json');
      await publish({ ...envelope(), type: 'Catalog Product Created' });
      await publish({ ...envelope(), secret: 'extra field' });
      const valid = envelope();
      await publish(valid);
      expect(await waitUntil(settled)).toBe(true);
      expect((await rows()).map((row) => row.message_id)).toEqual([valid.id]);
      const warnings = logger.at('warn');
      expect(warnings).toHaveLength(3);
      expect(warnings[0]!.fields.reason).toBe('payload is not JSON');
      expect(warnings[1]!.fields.reason).toMatch(/type must look like/);
      expect(warnings[2]!.fields.reason).toMatch(/secret/);
    } finally {
      await consumer.stop();
    }
  });

  it('rolls back and redelivers when the handler fails, then applies the message once', async () => {
    let failures = 1;
    const { consumer, logger, publish, rows, settled } = await setup(() => {
      if (failures-- > 0) throw new Error('database hiccup');
    });
    try {
      const message = envelope();
      await publish(message);
      expect(await waitUntil(async () => (await rows()).length === 1 && (await settled()), 10_000)).toBe(
        true,
      );
      expect((await rows()).map((row) => row.message_id)).toEqual([message.id]);
      expect(logger.at('error')[0]!.fields).toMatchObject({ messageId: message.id, deliveries: 1 });
    } finally {
      await consumer.stop();
    }
  });
});

describe('integration consumer reacting outside a transaction', () => {
  it('reacts once per message id, with no transaction of its own open, and retries a failed reaction', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream();
    await ensureStream(nats.jsm, stream);
    const reactions: string[] = [];
    const openTransactions: number[] = [];
    let failures = 1;
    const consumer = await startIntegrationConsumer({
      nats: nats.nc,
      stream: stream.name,
      durableName: 'tenancy-reactions',
      filterSubject: `${subjectPrefix}catalog.product.>`,
      pool: store.db.pool,
      schema,
      logger: captureLogger(),
      react: async (message) => {
        const { rows } = await store.db.pool.query<{ open: string }>(
          `SELECT count(*) AS open FROM pg_stat_activity
           WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        );
        openTransactions.push(Number(rows[0]?.open));
        if (failures-- > 0) throw new Error('command refused for now');
        reactions.push(message.id);
      },
    });
    try {
      const js = jetstream(nats.nc);
      const message = envelope();
      const publish = () =>
        js.publish(`${subjectPrefix}catalog.product.created.v1`, JSON.stringify(message), {
          msgID: randomUUID(),
        });
      await publish();
      expect(await waitUntil(async () => reactions.length === 1, 10_000)).toBe(true);
      // The same envelope again (a replay under another NATS id) is skipped: its id was recorded.
      await publish();
      const marker = envelope();
      await js.publish(`${subjectPrefix}catalog.product.created.v1`, JSON.stringify(marker), {
        msgID: randomUUID(),
      });
      expect(await waitUntil(async () => reactions.length === 2, 10_000)).toBe(true);
      expect(reactions).toEqual([message.id, marker.id]);
      expect(openTransactions.every((count) => count === 0)).toBe(true);
    } finally {
      await consumer.stop();
    }
  });
});
