import type pg from 'pg';
import {
  createService,
  type AcceptedSecrets,
  type ReadinessCheck,
  type ServiceMetric,
  type Telemetry,
} from '@app/service-kit';
import { adminAuditRoutes } from './http/admin-audit.routes.js';
import { customerActivityRoutes } from './http/customer-activity.routes.js';

export interface AuditDeps {
  /** INTERNAL_TOKEN_SECRET: checks the gateway's identity tokens. */
  identitySecret: AcceptedSecrets;
  logLevel: string;
  db: pg.Pool;
  readiness: ReadinessCheck[];
  now?: () => Date;
  telemetry?: Telemetry;
  metrics?: readonly ServiceMetric[];
  /** Rows an export reads at a time; tests make it small. */
  exportPageRows?: number;
}

/** The audit service's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: AuditDeps) {
  const app = await createService({
    name: 'audit',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: {
      title: 'Audit API',
      description:
        "The audit trail of every change on the platform, from every service's events: the admin's Activity, " +
        "each customer's own, and both as CSV.",
    },
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  const now = deps.now ?? (() => new Date());
  const routes = {
    db: deps.db,
    now,
    ...(deps.exportPageRows ? { exportPageRows: deps.exportPageRows } : {}),
  };
  await app.register(adminAuditRoutes, routes);
  await app.register(customerActivityRoutes, routes);
  return app;
}

export type AuditApp = Awaited<ReturnType<typeof buildApp>>;
