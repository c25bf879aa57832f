import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { tenancyStream } from '@app/contracts';
import type { EventingLogger, EventStore, Relay } from '@app/eventing';
import { startServiceRelay } from '@app/service-kit/runtime';
import { tenancySchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent, type IntegrationEventMapper } from './published-events.js';

/**
 * Tenancy's relay: its events onto the TENANCY stream. `categories` defaults to ownedCategories; subscription
 * events are published through `mapOther` (the subscription module's mapping).
 */
export function startTenancyRelay(deps: {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  prefix: string;
  replicas?: number;
  logger: EventingLogger;
  categories?: readonly string[];
  mapOther?: IntegrationEventMapper;
}): Promise<Relay> {
  const { categories = ownedCategories, mapOther, ...rest } = deps;
  return startServiceRelay({
    ...rest,
    schema: tenancySchema,
    stream: tenancyStream,
    categories,
    toIntegrationEvent: (recorded) => toIntegrationEvent(recorded, mapOther),
  });
}
