import type { Telemetry } from '@app/service-kit';
import { acceptedSecrets, createLogger, runService } from '@app/service-kit';
import { consumerClientsOf, storeReadiness } from '@app/service-kit/runtime';
import { connectNats } from '@app/eventing';
import { buildApp } from './app.js';
import type { AuditConfig } from './config.js';
import { startAuditConsumers } from './integration/start-audit-consumers.js';
import { openAuditStorage } from './runtime.js';

/**
 * The audit service's process. Not runEventSourcedService: it writes no events, so it has no event store or
 * relay. Storage, NATS, the consumers of every producer's audit entries and of identity's users, and HTTP; on a
 * signal the same in reverse.
 */
export async function main(config: AuditConfig, telemetry: Telemetry): Promise<void> {
  const logger = createLogger({ name: 'audit', level: config.LOG_LEVEL });
  const pool = await openAuditStorage(config, logger.child({ component: 'storage' }));
  const nats = await connectNats({ url: config.NATS_URL, name: 'audit' });
  const readiness = storeReadiness({ pool, nats });
  const consumers = await startAuditConsumers(
    consumerClientsOf(config, { nats, pool, logger: logger.child({ component: 'consumers' }) }),
  );
  const app = await buildApp({
    identitySecret: acceptedSecrets(config),
    logLevel: config.LOG_LEVEL,
    db: pool,
    readiness,
    telemetry,
  });

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [() => consumers.stop(), () => nats.drain(), () => pool.end(), () => telemetry.shutdown()],
  });
}
