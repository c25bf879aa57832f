import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { billingStream } from '@app/contracts';
import type { EventingLogger, EventStore, Relay } from '@app/eventing';
import { startServiceRelay } from '@app/service-kit/runtime';
import { billingSchema } from '../config.js';
import { ownedCategories } from '../runtime.js';
import { toIntegrationEvent } from './published-events.js';

/** Billing's relay: its customer, payment and invoice events onto the BILLING stream. */
export function startBillingRelay(deps: {
  eventStore: EventStore;
  pool: pg.Pool;
  nats: NatsConnection;
  prefix: string;
  replicas?: number;
  logger: EventingLogger;
}): Promise<Relay> {
  return startServiceRelay({
    ...deps,
    schema: billingSchema,
    stream: billingStream,
    categories: ownedCategories,
    toIntegrationEvent,
  });
}
