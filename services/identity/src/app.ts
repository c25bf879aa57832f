import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import {
  createService,
  derivedKey,
  idempotencyPlugin,
  sessionResolvePurpose,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
} from '@app/service-kit';
import { createUserDirectory } from './application/user-directory.js';
import { wireUserCommands } from './application/wire-user-commands.js';
import { createSessionStore, internalSessionRoutes, loginRoutes } from './sessions/index.js';
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

  // Not wrapped in fastify-plugin: the sign-in forms' body parser and cookies stay in these routes' scope.
  const directory = createUserDirectory({ commands, ...replies });
  const sessions = createSessionStore({ pool: db });
  await app.register(loginRoutes, { pool: db, directory, sessions });
  await app.register(internalSessionRoutes, {
    pool: db,
    sessions,
    internalKey: derivedKey(deps.identitySecret, sessionResolvePurpose),
    // A deactivated or vanished account has no live session, whatever its cookie says.
    describeOwner: async (userId) => {
      const user = await directory.getUser(userId);
      return user?.isActive ? { role: user.role, email: user.email } : null;
    },
  });
  return app;
}
