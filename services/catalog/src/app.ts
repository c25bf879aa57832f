import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import {
  createService,
  idempotencyPlugin,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
  type AcceptedSecrets,
} from '@app/service-kit';
import { wireProductCommands } from './application/wire-product-commands.js';
import { catalogSchema } from './config.js';
import { adminProductRoutes } from './http/admin-products.routes.js';
import { productQueryRoutes } from './http/products.routes.js';

export interface CatalogDeps {
  identitySecret: AcceptedSecrets;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  db: pg.Pool;
  eventStore: EventStore;
  projections: ReadYourWrites;
  readiness: ReadinessCheck[];
  now?: () => Date;
  telemetry?: Telemetry;
}

/** The catalogue's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: CatalogDeps) {
  const { db, eventStore, projections, now = () => new Date() } = deps;
  const app = await createService({
    name: 'catalog',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: { title: 'Catalog API', description: 'Products of the fintech subscription platform.' },
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  await app.register(idempotencyPlugin, { pool: db, schema: catalogSchema });

  const commands = wireProductCommands(eventStore, db, now);
  await app.register(productQueryRoutes, { db });
  await app.register(adminProductRoutes, {
    commands,
    replies: { projections, timeoutMs: deps.readYourWritesTimeoutMs },
  });
  return app;
}
