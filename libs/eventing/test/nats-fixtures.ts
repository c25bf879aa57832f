import { jetstreamManager, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { uniquePrefix } from '@app/test-support';
import type { IntegrationEnvelope } from '@app/contracts';
import { inject } from 'vitest';
import type { RecordedEvent } from '../src/event-store.js';
import { connectNats } from '../src/nats/connect.js';

export interface NatsFixture {
  nc: NatsConnection;
  jsm: JetStreamManager;
  /** A stream name and subject prefix no other test uses; the stream is deleted by close(). */
  isolatedStream(label?: string): { name: string; subjects: string[]; subjectPrefix: string };
  /** Every message of the stream, in stream order. */
  readStream(name: string): Promise<StoredMsg[]>;
  close(): Promise<void>;
}

export async function createNatsFixture(): Promise<NatsFixture> {
  const nc = await connectNats({ url: inject('natsUrl'), name: 'eventing-test' });
  const jsm = await jetstreamManager(nc);
  const streams: string[] = [];
  return {
    nc,
    jsm,
    isolatedStream: (label = 'CATALOG') => {
      const prefix = uniquePrefix();
      const name = `${prefix}_${label}`;
      streams.push(name);
      return { name, subjects: [`${prefix}.catalog.>`], subjectPrefix: `${prefix}.` };
    },
    readStream: async (name) => {
      const info = await jsm.streams.info(name);
      const messages: StoredMsg[] = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
        const message = await jsm.streams.getMessage(name, { seq });
        if (message) messages.push(message);
      }
      return messages;
    },
    close: async () => {
      for (const name of streams) await jsm.streams.delete(name).catch(() => undefined);
      await nc.drain();
    },
  };
}

/** The catalog mapping used by the tests: ProductCreated is public, anything else stays internal. */
export function toCatalogEnvelope(event: RecordedEvent): IntegrationEnvelope | null {
  if (event.type !== 'ProductCreated') return null;
  return {
    id: event.id,
    type: 'catalog.product.created.v1',
    occurredAt: event.recordedAt.toISOString(),
    ...(event.metadata.correlationId ? { correlationId: event.metadata.correlationId } : {}),
    data: event.data,
  };
}
