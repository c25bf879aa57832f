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
import { categoriesOf, type ServiceDescriptor } from './service-descriptor.js';

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

/** What a service's relay needs of the service itself: its schema, what it owns and what it publishes. */
export type PublishingService = Pick<ServiceDescriptor, 'storage' | 'aggregates' | 'publishes'>;

/** The relay of a declared service (service-descriptor.ts): its owned categories onto its public stream. */
export function startRelayOf(
  service: PublishingService,
  deps: Pick<ServiceRelayOptions, 'eventStore' | 'pool' | 'nats' | 'prefix' | 'replicas' | 'logger'>,
): Promise<Relay> {
  return startServiceRelay({
    ...deps,
    schema: service.storage.schema,
    stream: service.publishes.stream,
    categories: categoriesOf(service),
    toIntegrationEvent: service.publishes.toIntegrationEvent,
  });
}
