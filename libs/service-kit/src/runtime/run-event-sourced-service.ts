import { connectNats, startProjections } from '@app/eventing';
import { acceptedSecrets } from '../config/env.js';
import { runService } from '../lifecycle/run-service.js';
import { createLogger } from '../logging/logger.js';
import type { Telemetry } from '../telemetry/start-telemetry.js';
import { auditedAggregatesOf, slowestRelay, startAuditRelayOf, startRelayOf } from './relay.js';
import {
  categoriesOf,
  type ServiceClients,
  type ServiceDescriptor,
  type ServiceRuntimeConfig,
} from './service-descriptor.js';
import { serviceLagProbe } from './service-lag.js';
import { openServiceStorage } from './storage.js';
import { consumerClientsOf, storeReadiness } from './process-clients.js';

/**
 * Every event-sourced service's process (STYLE.md "One service"), from its descriptor: open storage and NATS,
 * start the projections, the relay and the workers, serve HTTP, and on a signal close all of it in the reverse
 * order.
 */
export async function runEventSourcedService<Config extends ServiceRuntimeConfig, Shared>(
  service: ServiceDescriptor<Config, Shared>,
  config: Config,
  telemetry: Telemetry,
): Promise<void> {
  auditedAggregatesOf(service);
  const logger = createLogger({ name: service.name, level: config.LOG_LEVEL });
  const storage = await openServiceStorage(service.storage, config, logger.child({ component: 'storage' }));
  const { pool, eventStore } = storage;
  const categories = categoriesOf(service);
  const nats = await connectNats({ url: config.NATS_URL, name: service.name });
  const projections = await startProjections({
    eventStore,
    pool,
    schema: service.storage.schema,
    categories,
    projections: service.projections,
    logger: logger.child({ component: 'projections' }),
  });
  const readiness = storeReadiness({ pool, nats, eventStore });
  const clients: ServiceClients = {
    ...consumerClientsOf(config, { pool, nats, logger }),
    eventStore,
    projections,
  };
  const relayDeps = {
    eventStore,
    pool,
    nats,
    prefix: config.NATS_PREFIX,
    replicas: config.NATS_STREAM_REPLICAS,
  };
  const relay = await startRelayOf(service, { ...relayDeps, logger: logger.child({ component: 'relay' }) });
  const auditRelay = await startAuditRelayOf(
    { ...service, stream: service.publishes.stream },
    {
      ...relayDeps,
      logger: logger.child({ component: 'audit-relay' }),
    },
  );
  const shared = service.shared?.(clients, config) as Shared;
  const workers = await service.workers?.(
    { ...clients, logger: logger.child({ component: 'workers' }) },
    config,
    shared,
  );
  const app = await service.app(
    {
      schema: service.storage.schema,
      identitySecret: acceptedSecrets(config),
      logLevel: config.LOG_LEVEL,
      telemetry,
      db: pool,
      eventStore,
      replies: { projections, timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS },
      readiness,
    },
    config,
    shared,
  );
  app.setLagProbe(
    serviceLagProbe({
      eventStore,
      projections,
      relay: slowestRelay([relay, auditRelay]),
      ...(service.lagDegradedAfterMs ? { degradedAfterMs: service.lagDegradedAfterMs } : {}),
    }),
  );

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      ...(workers ? [() => workers.stop()] : []),
      () => relay.stop(),
      () => auditRelay.stop(),
      () => projections.stop(),
      () => nats.drain(),
      () => storage.close(),
      () => telemetry.shutdown(),
    ],
  });
}
