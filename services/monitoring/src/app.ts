import type pg from 'pg';
import {
  createService,
  type ReadinessCheck,
  type ServiceMetric,
  type Telemetry,
  type AcceptedSecrets,
} from '@app/service-kit';
import type { PlatformHealth } from './health/platform-health.js';
import { adminHealthRoutes } from './http/admin-health.routes.js';
import { tenantMetricsRoutes } from './http/tenant-metrics.routes.js';
import type { Scraper } from './scraper/scraper.js';

export interface MonitoringDeps {
  /** INTERNAL_TOKEN_SECRET: checks the gateway's identity tokens. */
  identitySecret: AcceptedSecrets;
  logLevel: string;
  db: pg.Pool;
  scraper: Pick<Scraper, 'scrapeNow'>;
  health: PlatformHealth;
  readiness: ReadinessCheck[];
  now?: () => Date;
  telemetry?: Telemetry;
  /** Metrics of parts built before the app (the scraper's), served on its /metrics. */
  metrics?: readonly ServiceMetric[];
}

/** Monitoring's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: MonitoringDeps) {
  const app = await createService({
    name: 'monitoring',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: {
      title: 'Monitoring API',
      description: "Tenant apps' metrics and their history, and the platform's own health.",
    },
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  const now = deps.now ?? (() => new Date());
  await app.register(tenantMetricsRoutes, { db: deps.db, scraper: deps.scraper, now });
  await app.register(adminHealthRoutes, { health: deps.health });
  return app;
}

export type MonitoringApp = Awaited<ReturnType<typeof buildApp>>;
