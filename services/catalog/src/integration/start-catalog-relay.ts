import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { catalogStream } from '@app/contracts';
import { startRelay, type EventingLogger, type EventStore, type Relay } from '@app/eventing';
import { catalogSchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent } from './published-events.js';

/**
 * The catalogue's relay: its product events onto the CATALOG stream. `prefix` (NATS_PREFIX) namespaces stream
 * and subjects so environments, or test runs, can share one NATS server.
 */
export function startCatalogRelay(deps: {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  prefix: string;
  logger: EventingLogger;
}): Promise<Relay> {
  const { prefix } = deps;
  return startRelay({
    eventStore: deps.eventStore,
    pool: deps.pool,
    schema: catalogSchema,
    nats: deps.nats,
    stream: {
      name: prefix ? `${prefix}_${catalogStream.name}` : catalogStream.name,
      subjects: catalogStream.subjects.map((subject) => (prefix ? `${prefix}.${subject}` : subject)),
    },
    subjectPrefix: prefix ? `${prefix}.` : '',
    categories: ownedCategories,
    toIntegrationEvent,
    logger: deps.logger,
  });
}
