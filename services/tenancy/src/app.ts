import type { KeyRing } from '@app/secrets';
import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';
import { createMetricsEndpoints } from './application/metrics-endpoints.js';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { adminExportRoutes } from './http/admin-exports.routes.js';
import { adminSubscriptionRoutes } from './http/admin-subscriptions.routes.js';
import { adminTenantRoutes } from './http/admin-tenants.routes.js';
import { internalMetricsEndpointRoutes } from './http/internal-metrics-endpoints.routes.js';
import { customerSubscriptionRoutes } from './http/subscriptions.routes.js';
import { tenantCredentialRoutes } from './http/tenant-credentials.routes.js';

export interface TenancyOptions {
  /** SECRETS_KEYS: seals provider passwords and metrics keys, and opens them for a reveal or monitoring. */
  keyRing: KeyRing;
  now?: () => Date;
}

/** Tenancy's HTTP app (STYLE.md "One service": app.ts builds, the runtime listens). */
export async function buildApp(context: ServiceAppContext, options: TenancyOptions) {
  const { db, eventStore, replies, identitySecret } = context;
  const { keyRing, now = () => new Date() } = options;
  const app = await createServiceApp(context, {
    name: 'tenancy',
    openapi: {
      title: 'Tenancy API',
      description: 'Tenants, their subscriptions and their (encrypted) provider credentials.',
    },
  });

  const commands = wireTenantCommands(eventStore, db, keyRing, now);
  await app.register(adminTenantRoutes, { db, commands, replies });
  await app.register(tenantCredentialRoutes, { commands, replies });

  const subscriptions = createSubscriptionCommands({ eventStore, pool: db, keyRing, now });
  await app.register(adminSubscriptionRoutes, { db, commands: subscriptions, replies });
  await app.register(customerSubscriptionRoutes, { db, commands: subscriptions, replies });
  await app.register(adminExportRoutes, { db, now });

  const endpoints = createMetricsEndpoints({ db, eventStore, keyRing, logger: app.log });
  await app.register(internalMetricsEndpointRoutes, { endpoints, internalSecret: identitySecret });
  return app;
}

export type TenancyApp = Awaited<ReturnType<typeof buildApp>>;
