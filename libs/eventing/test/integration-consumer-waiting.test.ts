import { startedForFile } from '@app/test-support/started-for-file';
import { jetstream } from '@nats-io/jetstream';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { MessageNotReadyYet } from '../src/nats/message-not-ready.js';
import { ensureStream } from '../src/nats/stream.js';
import { createNatsFixture } from './nats-fixtures.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';

/**
 * A consumer started before its producer (identity before billing under `npm start`) waits for the stream
 * quietly: that wait is normal on every first start, not a warning with a stack trace.
 */
const schema = 'waiting';
const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await store.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
});

describe('integration consumer started before its producer', () => {
  it('says once at info level, without an error, that it waits for the stream, then consumes from it', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream('BILLING');
    // Each attempt asks JetStream about the consumer; watching those requests shows the retries happen.
    const attempts = nats.nc.subscribe(`$JS.API.CONSUMER.INFO.${stream.name}.>`);
    let attemptCount = 0;
    void (async () => {
      for await (const request of attempts) if (request) attemptCount += 1;
    })();
    const handled: string[] = [];
    const logger = captureLogger();
    const consumer = await startIntegrationConsumer({
      nats: nats.nc,
      stream: stream.name,
      durableName: 'waiting-consumer',
      filterSubject: `${subjectPrefix}catalog.>`,
      pool: store.db.pool,
      schema,
      logger,
      handle: async (envelope) => {
        handled.push(envelope.id);
      },
    });
    try {
      expect(await waitUntil(() => attemptCount >= 3)).toBe(true);
      await ensureStream(nats.jsm, stream);
      const id = uuidv7();
      const envelope = {
        id,
        type: 'catalog.product.created.v1',
        occurredAt: new Date().toISOString(),
        data: {},
      };
      await jetstream(nats.nc).publish(
        `${subjectPrefix}catalog.product.created.v1`,
        JSON.stringify(envelope),
      );
      expect(await waitUntil(() => handled.includes(id), 15_000)).toBe(true);

      const printed = logger.entries.filter((entry) => entry.level !== 'debug');
      expect(printed.map(({ level, message }) => `${level} ${message ?? ''}`)).toEqual([
        'info waiting for the producer to create its stream',
        'info producer stream created; consuming',
      ]);
      expect(logger.entries.every((entry) => !('err' in entry.fields))).toBe(true);
    } finally {
      attempts.unsubscribe();
      await consumer.stop();
    }
  });

  it('redelivers a message that is not ready yet, logging it at info, not as an error', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream('BILLING');
    await ensureStream(nats.jsm, stream);
    const attempts: string[] = [];
    const logger = captureLogger();
    const consumer = await startIntegrationConsumer({
      nats: nats.nc,
      stream: stream.name,
      durableName: 'not-ready-consumer',
      filterSubject: `${subjectPrefix}catalog.>`,
      pool: store.db.pool,
      schema,
      logger,
      handle: async (envelope) => {
        attempts.push(envelope.id);
        // The first delivery finds what it depends on missing; the next finds it.
        if (attempts.length === 1) throw new MessageNotReadyYet('Tenant t-1 not seen yet');
      },
    });
    try {
      const id = uuidv7();
      const envelope = {
        id,
        type: 'catalog.product.created.v1',
        occurredAt: new Date().toISOString(),
        data: {},
      };
      await jetstream(nats.nc).publish(
        `${subjectPrefix}catalog.product.created.v1`,
        JSON.stringify(envelope),
      );
      expect(await waitUntil(() => attempts.length === 2, 15_000)).toBe(true);
      expect(attempts).toEqual([id, id]);
      const notReady = logger.entries.filter((entry) => entry.message?.includes('not ready yet'));
      expect(notReady.map((entry) => entry.level)).toEqual(['info']);
      expect(logger.entries.filter((entry) => entry.level === 'error' || entry.level === 'warn')).toEqual([]);
    } finally {
      await consumer.stop();
    }
  });
});
