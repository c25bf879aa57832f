import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { catalogStream } from '@app/contracts';
import type { EventingLogger, EventStore, Relay } from '@app/eventing';
import { startServiceRelay } from '@app/service-kit/runtime';
import { catalogSchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent } from './published-events.js';

/** The catalogue's relay: its product events onto the CATALOG stream. */
export function startCatalogRelay(deps: {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  prefix: string;
  replicas?: number;
  logger: EventingLogger;
}): Promise<Relay> {
  return startServiceRelay({
    ...deps,
    schema: catalogSchema,
    stream: catalogStream,
    categories: ownedCategories,
    toIntegrationEvent,
  });
}
