import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { inject } from 'vitest';
import type pg from 'pg';
import { connectNats, ensureStream, type EventingLogger, type EventStore } from '@app/eventing';
import {
  startAuditRelayOf,
  startRelayOf,
  type AuditedService,
  type PublishingService,
} from '@app/service-kit/runtime';
import { uniquePrefix } from './names.js';
import { silentLogger } from './service-harness.js';

/** A producer's JetStream stream as `@app/contracts` names it: `CATALOG` over `catalog.>`. */
export interface StreamSpec {
  name: string;
  subjects: readonly string[];
}

export interface PublishedEnvelope {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

export interface CollectedMessage {
  /** Without the test's prefix: `billing.invoice.paid.v1`. */
  subject: string;
  text: string;
}

export interface TestNats {
  nc: NatsConnection;
  /** Put before every stream name and subject of this connection, so files sharing a server never meet. */
  prefix: string;
  /**
   * Publishes as a producer's relay does: subject = prefix + type, the envelope as JSON, Nats-Msg-Id = the
   * envelope id (so JetStream drops a second publish of the same id within its duplicate window).
   */
  publish(
    type: string,
    data: Record<string, unknown>,
    envelope?: { id?: string; occurredAt?: string },
  ): Promise<PublishedEnvelope>;
  /**
   * The same envelope again, as a relay replaying it after JetStream's duplicate window: JetStream keeps this
   * copy, so only the consumer can tell it was handled before.
   */
  republish(envelope: PublishedEnvelope): Promise<void>;
  /** Every message seen on the `collect` subjects (under the prefix) since connecting. */
  messages: CollectedMessage[];
  /** Deletes every stream under the prefix (the ones made here and any a relay made) and closes the connection. */
  close(): Promise<void>;
}

/**
 * A NATS connection for one test file, under a prefix of its own, with the producers' `streams` made under that
 * prefix for consumers to read. Core subscriptions see JetStream's messages, so `collect` records what a relay
 * publishes.
 */
export async function connectTestNats(options: {
  name: string;
  streams?: readonly StreamSpec[];
  collect?: readonly string[];
}): Promise<TestNats> {
  const prefix = uniquePrefix();
  const nc = await connectNats({ url: inject('natsUrl'), name: `${options.name}-${prefix}` });
  const jsm = await jetstreamManager(nc);
  for (const stream of options.streams ?? []) {
    await ensureStream(jsm, {
      name: `${prefix}_${stream.name}`,
      subjects: stream.subjects.map((subject) => `${prefix}.${subject}`),
    });
  }
  const messages: CollectedMessage[] = [];
  const subscriptions = (options.collect ?? []).map((subject) =>
    nc.subscribe(`${prefix}.${subject}`, {
      callback: (error, message) => {
        if (!error)
          messages.push({ subject: message.subject.slice(prefix.length + 1), text: message.string() });
      },
    }),
  );
  const send = async (envelope: PublishedEnvelope, messageId: string) => {
    await jetstream(nc).publish(`${prefix}.${envelope.type}`, JSON.stringify(envelope), { msgID: messageId });
  };
  return {
    nc,
    prefix,
    messages,
    async publish(type, data, envelope = {}) {
      const id = envelope.id ?? randomUUID();
      const published = { id, type, occurredAt: envelope.occurredAt ?? new Date().toISOString(), data };
      await send(published, id);
      return published;
    },
    republish: (envelope) => send(envelope, `${envelope.id}-${randomUUID()}`),
    async close() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      const ours: string[] = [];
      for await (const name of jsm.streams.names()) if (name.startsWith(`${prefix}_`)) ours.push(name);
      for (const name of ours) await jsm.streams.delete(name).catch(() => undefined);
      await nc.drain();
    },
  };
}

interface StartedStore {
  eventStore: EventStore;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * `harness` with its service's relay publishing to NATS under a prefix of its own, and every message the relay
 * publishes in `nats.messages`. Closing it stops the relay, deletes the stream and closes the harness.
 */
export async function withRelay<H extends StartedStore>(
  harness: H,
  service: PublishingService,
  logger: EventingLogger = silentLogger,
): Promise<H & { nats: TestNats }> {
  const { eventStore, pool } = harness;
  const nats = await connectTestNats({ name: 'relay-test', collect: service.publishes.stream.subjects });
  const relay = await startRelayOf(service, { eventStore, pool, nats: nats.nc, prefix: nats.prefix, logger });
  return withStarted(harness, nats, relay);
}

/**
 * `harness` with its service's audit relay (issue 21) publishing under a prefix of its own: every audit entry it
 * publishes is in `nats.messages`. Closing it stops the relay, deletes the stream and closes the harness.
 */
export async function withAuditRelay<H extends StartedStore>(
  harness: H,
  service: AuditedService,
  logger: EventingLogger = silentLogger,
): Promise<H & { nats: TestNats }> {
  const { eventStore, pool } = harness;
  const nats = await connectTestNats({ name: 'audit-relay-test', collect: service.stream.subjects });
  const relay = await startAuditRelayOf(service, {
    eventStore,
    pool,
    nats: nats.nc,
    prefix: nats.prefix,
    logger,
  });
  return withStarted(harness, nats, relay);
}

/**
 * `harness` with consumers reading the producers' `streams`, made under a prefix of its own: `start` starts
 * them as the service does, on the test's connection and prefix, and `nats.publish` plays the producers.
 * Closing it stops the consumers, deletes the streams and closes the harness.
 */
export async function withConsumers<H extends { close(): Promise<void> }>(
  harness: H,
  streams: readonly StreamSpec[],
  start: (nats: TestNats) => Promise<{ stop(): Promise<void> }>,
): Promise<H & { nats: TestNats }> {
  const nats = await connectTestNats({ name: 'consumers-test', streams });
  const consumers = await start(nats);
  return withStarted(harness, nats, consumers);
}

/** `harness` with `nats` and what was `started` on it: closing stops that, then closes NATS, then the harness. */
function withStarted<H extends { close(): Promise<void> }>(
  harness: H,
  nats: TestNats,
  started: { stop(): Promise<void> },
): H & { nats: TestNats } {
  return {
    ...harness,
    nats,
    async close() {
      await started.stop();
      await nats.close();
      await harness.close();
    },
  };
}
