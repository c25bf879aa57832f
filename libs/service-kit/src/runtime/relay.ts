import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import {
  categoryOf,
  comparePositions,
  startRelay,
  type EnvelopeMapping,
  type EventingLogger,
  type EventStore,
  type Relay,
  type RecordedEvent,
} from '@app/eventing';
import type { AuditedAggregate } from '../audit/audited-aggregate.js';
import { auditEntryIdOf, auditEnvelopeOf } from '../audit/audit-envelope.js';
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
  toIntegrationEvent: EnvelopeMapping;
  logger: EventingLogger;
  /** A second relay onto the stream (the audit relay): its own checkpoint and message ids. */
  checkpointName?: string;
  messageIdOf?: (event: RecordedEvent) => string;
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
    ...(options.checkpointName ? { checkpointName: options.checkpointName } : {}),
    ...(options.messageIdOf ? { messageIdOf: options.messageIdOf } : {}),
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

/**
 * What the audit relay needs of a service: its schema, its audited aggregates and the stream it owns (a declared
 * service's `publishes.stream`; notifications publishes nothing else on its own).
 */
export type AuditedService = Pick<ServiceDescriptor, 'name' | 'storage' | 'aggregates' | 'audit'> & {
  stream: ServiceDescriptor['publishes']['stream'];
};

/**
 * Every aggregate a service writes must have its audit mapping (issue 21: an entry for every command of every
 * service), so a new aggregate cannot be left out of the trail; checked before anything starts.
 */
export function auditedAggregatesOf(service: Pick<ServiceDescriptor, 'name' | 'aggregates' | 'audit'>) {
  const byCategory = new Map(service.audit.aggregates.map((audited) => [audited.category, audited]));
  const missing = categoriesOf(service).filter((category) => !byCategory.has(category));
  if (missing.length > 0) {
    throw new Error(`${service.name} has no audit mapping for ${missing.join(', ')} (service.ts audit)`);
  }
  return byCategory;
}

/**
 * The service's audit relay: every stored event of its aggregates, from the start of the log, as one audit entry
 * on its own stream (`<producer>.audit-entry.recorded.v1`), beside what its relay publishes. Its own checkpoint,
 * so it began with the events stored before it existed, and its own message ids (auditEntryIdOf).
 */
export function startAuditRelayOf(
  service: AuditedService,
  deps: Pick<ServiceRelayOptions, 'eventStore' | 'pool' | 'nats' | 'prefix' | 'replicas' | 'logger'>,
): Promise<Relay> {
  const byCategory: Map<string, AuditedAggregate> = auditedAggregatesOf(service);
  const { producer } = service.audit;
  return startServiceRelay({
    ...deps,
    schema: service.storage.schema,
    stream: service.stream,
    categories: [...byCategory.keys()],
    checkpointName: `audit:${service.stream.name}`,
    messageIdOf: (event) => auditEntryIdOf(event.id),
    toIntegrationEvent: async (event) => {
      const audited = byCategory.get(categoryOf(event.streamName));
      if (audited === undefined) return null;
      return auditEnvelopeOf(producer, event, await audited.describe(event, deps.eventStore));
    },
  });
}

/**
 * The relays of one service as the readiness lag sees them: as far as the slower has got, so an audit relay that
 * falls behind shows as the service's relay lag.
 */
export function slowestRelay(relays: readonly Relay[]): Pick<Relay, 'categories' | 'progress'> {
  const [first] = relays;
  if (first === undefined) throw new Error('slowestRelay needs at least one relay');
  return {
    categories: first.categories,
    progress: async () => {
      const positions = await Promise.all(relays.map((relay) => relay.progress()));
      return positions.reduce((slowest, position) =>
        comparePositions(position, slowest) < 0 ? position : slowest,
      );
    },
  };
}
