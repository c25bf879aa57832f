import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import {
  createService,
  idempotencyPlugin,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
  type AcceptedSecrets,
} from '@app/service-kit';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { tenancySchema } from './config.js';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { createMetricsEndpoints } from './application/metrics-endpoints.js';
import { adminSubscriptionRoutes } from './http/admin-subscriptions.routes.js';
import { customerSubscriptionRoutes } from './http/subscriptions.routes.js';
import { adminTenantRoutes } from './http/admin-tenants.routes.js';
import { tenantCredentialRoutes } from './http/tenant-credentials.routes.js';
import { internalMetricsEndpointRoutes } from './http/internal-metrics-endpoints.routes.js';

export interface TenancyDeps {
  /** INTERNAL_TOKEN_SECRET: checks the gateway's identity tokens, and derives the internal routes' keys. */
  identitySecret: AcceptedSecrets;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  keyRing: KeyRing;
  db: pg.Pool;
  eventStore: EventStore;
  projections: ReadYourWrites;
  readiness: ReadinessCheck[];
  now?: () => Date;
  telemetry?: Telemetry;
}

/** Tenancy's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: TenancyDeps) {
  const { db, eventStore, projections, now = () => new Date() } = deps;
  const app = await createService({
    name: 'tenancy',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: {
      title: 'Tenancy API',
      description: 'Tenants, their subscriptions and their (encrypted) provider credentials.',
    },
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  await app.register(idempotencyPlugin, { pool: db, schema: tenancySchema });

  const commands = wireTenantCommands(eventStore, db, deps.keyRing, now);
  const replies = { projections, timeoutMs: deps.readYourWritesTimeoutMs };
  await app.register(adminTenantRoutes, { db, commands, replies });
  await app.register(tenantCredentialRoutes, { commands, replies });

  const subscriptions = createSubscriptionCommands({
    eventStore,
    pool: db,
    keyRing: deps.keyRing,
    now,
  });
  await app.register(adminSubscriptionRoutes, { db, commands: subscriptions, replies });
  await app.register(customerSubscriptionRoutes, { db });

  const endpoints = createMetricsEndpoints({ db, eventStore, keyRing: deps.keyRing, logger: app.log });
  await app.register(internalMetricsEndpointRoutes, { endpoints, internalSecret: deps.identitySecret });
  return app;
}

export type TenancyApp = Awaited<ReturnType<typeof buildApp>>;
