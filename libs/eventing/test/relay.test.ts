import { randomUUID } from 'node:crypto';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { describe, expect, it } from 'vitest';
import { streamName, type Position, type RecordedEvent } from '../src/event-store.js';
import { readCheckpoint } from '../src/checkpoints.js';
import { ensureStream } from '../src/nats/stream.js';
import { startRelay, type RelayOptions } from '../src/relay/relay.js';
import { catalogRelayOptions, catalogSchema } from './catalog-pipeline.js';
import {
  captureLogger,
  createStoreFixture,
  productCreated,
  productRenamed,
  waitUntil,
} from './projection-fixtures.js';
import { createNatsFixture, toCatalogEnvelope } from './nats-fixtures.js';

const store = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

function relayOptions(overrides: Partial<RelayOptions> = {}) {
  const category = uniquePrefix('catalog_x');
  const options = catalogRelayOptions(store, nats, [category], overrides);
  return { options, category, stream: (id: string) => streamName(category, id) };
}

const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('relay', () => {
  it('publishes each public event once with Nats-Msg-Id = event id and its trace context, and resumes from its checkpoint', async () => {
    const mapped: string[] = [];
    const { options, stream } = relayOptions({
      toIntegrationEvent: (event) => {
        mapped.push(event.id);
        return toCatalogEnvelope(event);
      },
    });
    const id = randomUUID();
    const created = { ...productCreated(id), metadata: { traceparent, tracestate: 'vendor=1' } };
    const renamed = productRenamed(id, 'internal only');
    await store.store.append(stream(id), [created, renamed], 'no_stream');

    const relay = await startRelay(options);
    expect(await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 1)).toBe(true);
    const [message] = await nats.readStream(options.stream.name);
    expect(message!.subject).toBe(`${options.subjectPrefix}catalog.product.created.v1`);
    expect(message!.header.get('Nats-Msg-Id')).toBe(created.id);
    expect(message!.header.get('traceparent')).toBe(traceparent);
    expect(message!.header.get('tracestate')).toBe('vendor=1');
    expect(message!.json()).toMatchObject({
      id: created.id,
      type: 'catalog.product.created.v1',
      data: created.data,
    });
    expect(await waitUntil(() => mapped.includes(renamed.id))).toBe(true);
    await relay.stop();
    const checkpoint = await readCheckpoint(store.db.pool, catalogSchema, `relay:${options.stream.name}`);
    expect(checkpoint).toEqual(relay.position());

    const later = productCreated();
    await store.store.append(stream(randomUUID()), [later], 'no_stream');
    mapped.length = 0;
    const restarted = await startRelay(options);
    try {
      expect(await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 2)).toBe(
        true,
      );
      expect(mapped).toEqual([later.id]);
      const ids = (await nats.readStream(options.stream.name)).map((m) => m.header.get('Nats-Msg-Id'));
      expect(ids).toEqual([created.id, later.id]);
    } finally {
      await restarted.stop();
    }
  });

  it('lets a second relay with its own checkpoint and message ids publish every event beside the first, from the start', async () => {
    const { options, stream } = relayOptions();
    const productId = randomUUID();
    const first = productCreated(productId);
    await store.store.append(stream(productId), [first], 'no_stream');
    const main = await startRelay(options);
    expect(await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 1)).toBe(true);

    const renamed = productRenamed(productId, 'internal only');
    await store.store.append(stream(productId), [renamed], 0);
    const derivedId = (eventId: string) => `${eventId.slice(0, -12)}000000000000`;
    const second = await startRelay({
      ...options,
      checkpointName: `audit:${options.stream.name}`,
      messageIdOf: (event) => derivedId(event.id),
      // The audit relay reads the stream to know the state before an event: its mapping is asynchronous.
      toIntegrationEvent: async (event) => {
        await Promise.resolve();
        return {
          id: derivedId(event.id),
          type: 'catalog.audit-entry.recorded.v1',
          occurredAt: event.recordedAt.toISOString(),
          data: { eventId: event.id },
        };
      },
    });
    try {
      expect(await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 3)).toBe(
        true,
      );
      const published = await nats.readStream(options.stream.name);
      expect(
        published.map((m) => [m.subject.slice(options.subjectPrefix.length), m.header.get('Nats-Msg-Id')]),
      ).toEqual([
        ['catalog.product.created.v1', first.id],
        ['catalog.audit-entry.recorded.v1', derivedId(first.id)],
        ['catalog.audit-entry.recorded.v1', derivedId(renamed.id)],
      ]);
    } finally {
      await Promise.all([main.stop(), second.stop()]);
    }
    expect(await readCheckpoint(store.db.pool, catalogSchema, `audit:${options.stream.name}`)).toEqual(
      second.position(),
    );
  });

  it('refuses an envelope whose id is not the message id the relay gives it', async () => {
    const logger = captureLogger();
    const { options, stream } = relayOptions({ logger, messageIdOf: (event) => `other-${event.id}` });
    const event = productCreated();
    await store.store.append(stream(randomUUID()), [event], 'no_stream');
    const relay = await startRelay(options);
    try {
      expect(
        await waitUntil(() =>
          logger.at('error').some((entry) => String(entry.fields.err).includes('is not the message id')),
        ),
      ).toBe(true);
      expect(await nats.readStream(options.stream.name)).toEqual([]);
    } finally {
      await relay.stop();
    }
  });

  it('refuses to publish an invalid envelope and does not move past it', async () => {
    const logger = captureLogger();
    const bad = productCreated();
    const { options, stream } = relayOptions({
      logger,
      toIntegrationEvent: (event: RecordedEvent) =>
        event.id === bad.id
          ? { ...toCatalogEnvelope(event)!, type: 'Not A Subject' }
          : toCatalogEnvelope(event),
    });
    const good = productCreated();
    const after = productCreated();
    const appended = await store.store.append(stream(randomUUID()), [good], 'no_stream');
    await store.store.append(stream(randomUUID()), [bad], 'no_stream');
    await store.store.append(stream(randomUUID()), [after], 'no_stream');
    const relay = await startRelay(options);
    try {
      expect(await waitUntil(() => logger.at('error').some((entry) => entry.fields.eventId === bad.id))).toBe(
        true,
      );
      const published = await nats.readStream(options.stream.name);
      expect(published.map((m) => m.header.get('Nats-Msg-Id'))).toEqual([good.id]);
    } finally {
      await relay.stop();
    }
    expect(relay.position()).toEqual(appended.position);
    expect(await readCheckpoint(store.db.pool, catalogSchema, `relay:${options.stream.name}`)).toEqual(
      appended.position,
    );
  });

  it('retries a failing publish until it succeeds, without skipping or reordering', async () => {
    const logger = captureLogger();
    const { options, stream } = relayOptions({ logger });
    // The stream does not take the relay's subjects yet: every publish fails.
    const narrow = { ...options.stream, subjects: [`${options.subjectPrefix}other.>`] };
    await ensureStream(nats.jsm, narrow);
    const first = productCreated();
    const second = productCreated();
    await store.store.append(stream(randomUUID()), [first], 'no_stream');
    await store.store.append(stream(randomUUID()), [second], 'no_stream');
    const relay = await startRelay({ ...options, stream: narrow });
    try {
      expect(await waitUntil(() => logger.at('warn').length >= 2)).toBe(true);
      expect(logger.at('warn')[0]!.fields.eventId).toBe(first.id);
      expect(relay.position()).toBe('start');
      await ensureStream(nats.jsm, options.stream);
      expect(
        await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 2, 10_000),
      ).toBe(true);
      const ids = (await nats.readStream(options.stream.name)).map((m) => m.header.get('Nats-Msg-Id'));
      expect(ids).toEqual([first.id, second.id]);
    } finally {
      await relay.stop();
    }
  });

  it('lets one instance publish at a time; the other stands by', async () => {
    const { options, stream } = relayOptions();
    const [a, b] = await Promise.all([startRelay(options), startRelay(options)]);
    try {
      const events = Array.from({ length: 5 }, () => productCreated());
      for (const event of events) await store.store.append(stream(randomUUID()), [event], 'no_stream');
      expect(await waitUntil(async () => (await nats.readStream(options.stream.name)).length === 5)).toBe(
        true,
      );
      const leaders = [a, b].filter((relay) => relay.position() !== 'start');
      expect(leaders).toHaveLength(1);
      const ids = (await nats.readStream(options.stream.name)).map((m) => m.header.get('Nats-Msg-Id'));
      expect(ids).toEqual(events.map((event) => event.id));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('stands down when its lock connection fails and resumes under the lock, publishing every event once', async () => {
    const loggers = [captureLogger(), captureLogger()] as const;
    const { options, stream } = relayOptions({ checkpointEvery: { events: 1_000, ms: 500 } });
    const lockKey = `${catalogSchema}:relay:${options.stream.name}`;
    const relays = await Promise.all(loggers.map((logger) => startRelay({ ...options, logger })));
    const published = async () => (await nats.readStream(options.stream.name)).length;
    let last: Position | undefined;
    const append = async (count: number) => {
      const events = Array.from({ length: count }, () => productCreated());
      for (const event of events) {
        last = (await store.store.append(stream(randomUUID()), [event], 'no_stream')).position;
      }
      return events;
    };
    try {
      const before = await append(3);
      expect(await waitUntil(async () => (await published()) === 3)).toBe(true);

      // Postgres ends the leader's lock session (failover, idle kill): the lock goes with it.
      const { rows } = await store.db.pool.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
         WHERE locktype = 'advisory' AND objsubid = 2
           AND classid = (hashtext('relay')::bigint & 4294967295)::oid
           AND objid = (hashtext($1)::bigint & 4294967295)::oid`,
        [lockKey],
      );
      expect(rows).toEqual([{ ended: true }]);
      const lost = () =>
        loggers
          .flatMap((logger) => logger.at('error'))
          .filter((entry) => /leadership lost/.test(entry.message ?? ''));
      expect(await waitUntil(async () => lost().length > 0, 5_000)).toBe(true);

      const after = await append(3);
      expect(await waitUntil(async () => (await published()) === 6, 10_000)).toBe(true);
      const messages = await nats.readStream(options.stream.name);
      expect(messages.map((m) => m.header.get('Nats-Msg-Id'))).toEqual(
        [...before, ...after].map((event) => event.id),
      );
      expect(lost()).toHaveLength(1);
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
    expect(await readCheckpoint(store.db.pool, catalogSchema, `relay:${options.stream.name}`)).toEqual(last);
  });
});
