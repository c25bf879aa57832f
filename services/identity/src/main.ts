import { acceptedSecrets, type Telemetry } from '@app/service-kit';
import { runEventSourcedService } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { identitySchema, oidcSettings, type IdentityConfig } from './config.js';
import { startIdentityConsumers } from './integration/consumers/start-identity-consumers.js';
import { startIdentityRelay } from './integration/start-identity-relay.js';
import { usersProjection } from './projections/users.js';
import { openStorage, ownedCategories } from './runtime.js';

/**
 * Identity's process: shared clients, its projection and relay, the consumer of billing's customers, its HTTP
 * app (runEventSourcedService).
 */
export function main(config: IdentityConfig, telemetry: Telemetry): Promise<void> {
  return runEventSourcedService({
    name: 'identity',
    config,
    telemetry,
    openStorage: (logger) => openStorage(config, logger),
    schema: identitySchema,
    categories: ownedCategories,
    projections: [usersProjection],
    startRelay: ({ eventStore, pool, nats, logger }) =>
      startIdentityRelay({
        eventStore,
        pool,
        nats,
        prefix: config.NATS_PREFIX,
        replicas: config.NATS_STREAM_REPLICAS,
        logger,
      }),
    startConsumers: ({ pool, nats, logger }) =>
      startIdentityConsumers({ pool, nats, prefix: config.NATS_PREFIX, logger }),
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: acceptedSecrets(config),
        logLevel: config.LOG_LEVEL,
        readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
        publicUrl: config.PUBLIC_URL,
        oidc: oidcSettings(config),
        telemetry,
        db: pool,
        eventStore,
        projections,
        readiness,
      }),
  });
}
