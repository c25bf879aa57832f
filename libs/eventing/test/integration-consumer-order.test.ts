import { startedForFile } from '@app/test-support/started-for-file';
import { jetstream } from '@nats-io/jetstream';
import type { IntegrationEnvelope } from '@app/contracts';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDurableConsumer } from '../src/nats/consumer-setup.js';
import { defaultBatchSize, startIntegrationConsumer } from '../src/nats/integration-consumer.js';
import { ensureStream } from '../src/nats/stream.js';
import { createNatsFixture } from './nats-fixtures.js';
import { captureLogger, createStoreFixture, waitUntil } from './projection-fixtures.js';

const schema = 'ordering';
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

describe('an integration consumer', () => {
  it('applies messages in order even when a replica died holding the first of them', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream();
    await ensureStream(nats.jsm, stream);
    const options = {
      stream: stream.name,
      durableName: 'ordering-copy',
      filterSubject: `${subjectPrefix}catalog.product.>`,
      ackWaitMs: 1_000,
      maxDeliver: 20,
      maxAckPending: defaultBatchSize,
    };
    await ensureDurableConsumer(nats.jsm, options);
    const js = jetstream(nats.nc);
    for (const version of [1, 2, 3, 4, 5]) {
      const message = renamed(version);
      await js.publish(`${subjectPrefix}${message.type}`, JSON.stringify(message), { msgID: message.id });
    }
    // A replica takes the first rename and dies before acking it.
    const consumer = await js.consumers.get(stream.name, options.durableName);
    const held = await consumer.next({ expires: 2_000 });
    expect(held?.json<IntegrationEnvelope>().data).toEqual({ version: 1 });

    const applied: number[] = [];
    const survivor = await startIntegrationConsumer({
      ...options,
      nats: nats.nc,
      pool: store.db.pool,
      schema,
      logger: captureLogger(),
      handle: async (message) => {
        applied.push((message.data as { version: number }).version);
      },
    });
    try {
      await waitUntil(() => applied.length >= 5, 10_000);
      // Copies overwrite: version 1 applied after 5 would leave the oldest name in place.
      expect(applied).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await survivor.stop();
    }
  });
});
