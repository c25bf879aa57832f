import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import {
  createService,
  idempotencyPlugin,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
} from '@app/service-kit';
import { wireUserCommands } from './application/wire-user-commands.js';
import { identitySchema } from './config.js';
import { adminUserRoutes } from './http/admin-users.routes.js';
import { currentUserRoutes } from './http/current-user.routes.js';

export interface IdentityDeps {
  identitySecret: string;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  db: pg.Pool;
  eventStore: EventStore;
  projections: ReadYourWrites;
  readiness: ReadinessCheck[];
  now?: () => Date;
  telemetry?: Telemetry;
}

/** Identity's HTTP app (STYLE.md "One service": app.ts builds, server.ts listens). */
export async function buildApp(deps: IdentityDeps) {
  const { db, eventStore, projections, now = () => new Date() } = deps;
  const app = await createService({
    name: 'identity',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: { title: 'Identity API', description: 'Accounts and administrators of the platform.' },
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
  await app.register(idempotencyPlugin, { pool: db, schema: identitySchema });

  const commands = wireUserCommands(eventStore, db, now);
  const replies = { db, projections, readYourWritesTimeoutMs: deps.readYourWritesTimeoutMs };
  await app.register(adminUserRoutes, { commands, ...replies });
  await app.register(currentUserRoutes, { commands, ...replies });
  return app;
}
