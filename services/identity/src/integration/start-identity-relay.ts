import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { identityStream } from '@app/contracts';
import { startRelay, type EventingLogger, type EventStore, type Relay } from '@app/eventing';
import { identitySchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent } from './published-events.js';

/**
 * Identity's relay: its user events onto the IDENTITY stream. `prefix` (NATS_PREFIX) namespaces stream and
 * subjects so environments, or test runs, can share one NATS server.
 */
export function startIdentityRelay(deps: {
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
    schema: identitySchema,
    nats: deps.nats,
    stream: {
      name: prefix ? `${prefix}_${identityStream.name}` : identityStream.name,
      subjects: identityStream.subjects.map((subject) => (prefix ? `${prefix}.${subject}` : subject)),
    },
    subjectPrefix: prefix ? `${prefix}.` : '',
    categories: ownedCategories,
    toIntegrationEvent,
    logger: deps.logger,
  });
}
