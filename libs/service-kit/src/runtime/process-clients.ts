import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { EventStore, EventingLogger } from '@app/eventing';
import type { ReadinessCheck } from '../http/health.js';
import type { ConsumerClients } from './consumer.js';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A process's readiness (GET /health/ready): Postgres, the event store where the service has one, and NATS,
 * each answering a round trip.
 */
export function storeReadiness(stores: {
  pool: pg.Pool;
  nats: NatsConnection;
  eventStore?: EventStore;
}): ReadinessCheck[] {
  const { pool, nats, eventStore } = stores;
  return [
    { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) },
    ...(eventStore ? [{ name: 'event store', check: () => eventStore.ping() }] : []),
    { name: 'nats', check: async () => void (await nats.flush()) },
  ];
}

/** What a process's consumers need, with the environment's NATS_PREFIX and processed-message retention. */
export function consumerClientsOf<Logger extends EventingLogger>(
  config: { NATS_PREFIX: string; PROCESSED_MESSAGES_RETENTION_DAYS: number },
  clients: { nats: NatsConnection; pool: pg.Pool; logger: Logger },
): ConsumerClients & { logger: Logger } {
  return {
    ...clients,
    natsPrefix: config.NATS_PREFIX,
    processedMessageRetentionMs: config.PROCESSED_MESSAGES_RETENTION_DAYS * dayMs,
  };
}
