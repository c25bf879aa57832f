import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { identityStream } from '@app/contracts';
import type { EventingLogger, EventStore, Relay } from '@app/eventing';
import { startServiceRelay } from '@app/service-kit/runtime';
import { identitySchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent } from './published-events.js';

/** Identity's relay: its user events onto the IDENTITY stream. */
export function startIdentityRelay(deps: {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  prefix: string;
  replicas?: number;
  logger: EventingLogger;
}): Promise<Relay> {
  return startServiceRelay({
    ...deps,
    schema: identitySchema,
    stream: identityStream,
    categories: ownedCategories,
    toIntegrationEvent,
  });
}
