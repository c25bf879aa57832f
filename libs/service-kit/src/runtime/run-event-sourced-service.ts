import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  connectNats,
  startProjections,
  type ConfiguredEventStore,
  type Projection,
  type ProjectionRunner,
  type Relay,
} from '@app/eventing';
import type { ReadinessCheck } from '../http/health.js';
import { runService } from '../lifecycle/run-service.js';
import { createLogger } from '../logging/logger.js';
import type { Telemetry } from '../telemetry/start-telemetry.js';
import { serviceLagProbe } from './service-lag.js';
import type { ServiceStorage } from './storage.js';

interface ServiceConfig {
  LOG_LEVEL: string;
  NATS_URL: string;
  NATS_PREFIX: string;
  PORT: number;
  HOST: string;
}

/** What a service's own parts get once the shared clients are open. */
export interface ServiceClients {
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  nats: NatsConnection;
  projections: ProjectionRunner;
  readiness: ReadinessCheck[];
  logger: Logger;
}

export interface EventSourcedService<Config extends ServiceConfig> {
  name: string;
  config: Config;
  telemetry: Telemetry;
  openStorage: (logger: Logger) => Promise<ServiceStorage>;
  schema: string;
  categories: readonly string[];
  projections: readonly Projection[];
  startRelay: (clients: ServiceClients) => Promise<Relay>;
  /** Consumers of other services' events, stopped before NATS drains. */
  startConsumers?: (clients: ServiceClients) => Promise<{ stop(): Promise<void> }>;
  buildApp: (clients: ServiceClients) => Promise<FastifyInstance>;
  /** How old an unhandled event may get before readiness says `degraded`; default defaultLagDegradedAfterMs. */
  lagDegradedAfterMs?: number;
}

/**
 * Every event-sourced service's main.ts (STYLE.md "One service"): open storage and NATS, start the projections,
 * the relay and any consumers, serve HTTP, and on a signal close all of it in the reverse order.
 */
export async function runEventSourcedService<Config extends ServiceConfig>(
  service: EventSourcedService<Config>,
): Promise<void> {
  const { config, telemetry } = service;
  const logger = createLogger({ name: service.name, level: config.LOG_LEVEL });
  const storage = await service.openStorage(logger.child({ component: 'storage' }));
  const { pool, eventStore } = storage;
  const nats = await connectNats({ url: config.NATS_URL, name: service.name });
  const projections = await startProjections({
    eventStore,
    pool,
    schema: service.schema,
    categories: service.categories,
    projections: service.projections,
    logger: logger.child({ component: 'projections' }),
  });
  const readiness: ReadinessCheck[] = [
    { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) },
    { name: 'event store', check: () => eventStore.ping() },
    { name: 'nats', check: async () => void (await nats.flush()) },
  ];
  const clients: ServiceClients = { pool, eventStore, nats, projections, readiness, logger };
  const relay = await service.startRelay({ ...clients, logger: logger.child({ component: 'relay' }) });
  const consumers = await service.startConsumers?.({
    ...clients,
    logger: logger.child({ component: 'consumers' }),
  });
  const app = await service.buildApp(clients);
  app.setLagProbe(
    serviceLagProbe({
      eventStore,
      projections,
      relay,
      ...(service.lagDegradedAfterMs ? { degradedAfterMs: service.lagDegradedAfterMs } : {}),
    }),
  );

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      ...(consumers ? [() => consumers.stop()] : []),
      () => relay.stop(),
      () => projections.stop(),
      () => nats.drain(),
      () => storage.close(),
      () => telemetry.shutdown(),
    ],
  });
}
