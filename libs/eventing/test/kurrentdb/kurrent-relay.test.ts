import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureEventingTables, readCheckpoint, writeCheckpoint } from '../../src/checkpoints.js';
import { streamName } from '../../src/event-store.js';
import { ForeignCheckpointError } from '../../src/foreign-checkpoint.js';
import { startRelay, type RelayOptions } from '../../src/relay/relay.js';
import { createNatsFixture, toCatalogEnvelope, type NatsFixture } from '../nats-fixtures.js';
import { captureLogger, productCreated, waitUntil } from '../projection-fixtures.js';
import { jsonBytes } from './fake-log.js';
import { fakeKurrentStore, writeRaw, type FakeStore } from './kurrent-fixtures.js';

/** The relay over the KurrentDB adapter (real client, fake transport), its checkpoint in Postgres. */
const schema = 'catalog';
let db: TestDatabase;
let nats: NatsFixture;
let fake: FakeStore;

beforeAll(async () => {
  [db, nats] = await Promise.all([createTestDatabase(inject('databaseUrl')), createNatsFixture()]);
  db.pool.on('error', () => undefined);
  await ensureEventingTables(db.pool, schema);
});
afterEach(async () => {
  await fake?.store.close();
});
afterAll(async () => {
  await Promise.all([db?.drop(), nats?.close()]);
});

async function relayOptions(): Promise<RelayOptions> {
  fake = fakeKurrentStore();
  // Written into the log on first use; done here so the tests' positions are the last in the log.
  await fake.store.storeId();
  const { subjectPrefix, ...stream } = nats.isolatedStream();
  return {
    eventStore: fake.store,
    pool: db.pool,
    schema,
    nats: nats.nc,
    stream,
    subjectPrefix,
    categories: [`catalog_k${randomUUID().replaceAll('-', '').slice(0, 10)}`],
    toIntegrationEvent: toCatalogEnvelope,
    logger: captureLogger(),
    checkpointEvery: { events: 1, ms: 1_000 },
  };
}

describe('the relay over the KurrentDB adapter', () => {
  it('checkpoints past the unrelated events the store looked through, so a restart starts after them', async () => {
    const options = await relayOptions();
    const ours = productCreated();
    await fake.store.append(streamName(options.categories[0]!, randomUUID()), [ours], 'no_stream');
    for (let n = 0; n < 2_500; n += 1) {
      writeRaw(fake.server, streamName('billing_invoice', randomUUID()), { data: jsonBytes({ n }) });
    }
    const lookedThrough = fake.server.log.events.at(-1)!.position;
    const name = `relay:${options.stream.name}`;

    const relay = await startRelay(options);
    try {
      expect(
        await waitUntil(async () => {
          const stored = await readCheckpoint(db.pool, schema, name);
          return stored !== 'start' && stored.commit === lookedThrough.commit;
        }),
      ).toBe(true);
      expect((await nats.readStream(options.stream.name)).map((m) => m.header.get('Nats-Msg-Id'))).toEqual([
        ours.id,
      ]);
    } finally {
      await relay.stop();
    }
    const restarted = await startRelay(options);
    try {
      expect((await fake.server.nextSubscription()).from).toEqual(lookedThrough);
    } finally {
      await restarted.stop();
    }
  });

  it('refuses to start on a relay checkpoint the PostgreSQL event store wrote', async () => {
    const options = await relayOptions();
    const name = `relay:${options.stream.name}`;
    await writeCheckpoint(db.pool, schema, name, { commit: 77n, prepare: 12n }, 'postgres:0b7a-old');
    const refused = startRelay(options);
    await expect(refused).rejects.toBeInstanceOf(ForeignCheckpointError);
    await expect(refused).rejects.toThrow(/for a relay, reset its checkpoint/);
  });
});
