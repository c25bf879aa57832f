import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { IntegrationEnvelope } from '@app/contracts';
import {
  startRelay,
  type EventingLogger,
  type EventStore,
  type Relay,
  type RecordedEvent,
} from '@app/eventing';

export interface ServiceRelayOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  /** NATS_PREFIX: namespaces stream and subjects so environments, or test runs, can share one NATS server. */
  prefix: string;
  schema: string;
  /** The producer's stream as the contracts name it, e.g. `{ name: 'CATALOG', subjects: ['catalog.>'] }`. */
  stream: { name: string; subjects: readonly string[] };
  /** NATS_STREAM_REPLICAS; 1 when absent. */
  replicas?: number | undefined;
  categories: readonly string[];
  toIntegrationEvent: (event: RecordedEvent) => IntegrationEnvelope | null;
  logger: EventingLogger;
}

/** A service's relay onto its own stream, with the environment prefix applied the same way everywhere. */
export function startServiceRelay(options: ServiceRelayOptions): Promise<Relay> {
  const { prefix, stream } = options;
  return startRelay({
    eventStore: options.eventStore,
    pool: options.pool,
    schema: options.schema,
    nats: options.nats,
    stream: {
      name: prefix ? `${prefix}_${stream.name}` : stream.name,
      subjects: stream.subjects.map((subject) => (prefix ? `${prefix}.${subject}` : subject)),
      replicas: options.replicas,
    },
    subjectPrefix: prefix ? `${prefix}.` : '',
    categories: options.categories,
    toIntegrationEvent: options.toIntegrationEvent,
    logger: options.logger,
  });
}
