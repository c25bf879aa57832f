import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import {
  createService,
  idempotencyPlugin,
  type ReadinessCheck,
  type ReadYourWrites,
  type Telemetry,
  type AcceptedSecrets,
  signingSecret,
} from '@app/service-kit';
import { createUserDirectory } from './application/user-directory.js';
import { wireUserCommands } from './application/wire-user-commands.js';
import { createCredentialStore } from './credentials/credential-store.js';
import { createPasswordSetupTokens, setupLinkIssuer } from './credentials/password-setup-tokens.js';
import { createOidcClient, type OidcSettings } from './oidc/oidc-client.js';
import {
  createLoginThrottle,
  createSessionStore,
  internalSessionRoutes,
  loginRoutes,
} from './sessions/index.js';
import { identitySchema } from './config.js';
import { adminPasswordSetupRoutes } from './http/admin-password-setup.routes.js';
import { adminUserRoutes } from './http/admin-users.routes.js';
import { currentUserRoutes } from './http/current-user.routes.js';
import { notificationPreferencesRoutes } from './http/notification-preferences.routes.js';
import { passwordChangeRoutes } from './http/password-change.routes.js';

export interface IdentityDeps {
  identitySecret: AcceptedSecrets;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  db: pg.Pool;
  eventStore: EventStore;
  projections: ReadYourWrites;
  readiness: ReadinessCheck[];
  /** PUBLIC_URL: makes password-setup links absolute; without it they are paths on the app's origin. */
  publicUrl?: string;
  /** Single sign-on, when an OpenID Connect provider is configured (config.ts oidcSettings). */
  oidc?: OidcSettings;
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
  const readYourWrites = { projections, readYourWritesTimeoutMs: deps.readYourWritesTimeoutMs };
  const directory = createUserDirectory({ db, commands, ...readYourWrites });
  const replies = { db, replies: { projections, timeoutMs: deps.readYourWritesTimeoutMs } };
  const sessions = createSessionStore({ pool: db, now });
  const credentials = createCredentialStore(db, now);
  const throttle = createLoginThrottle(db, undefined, now);
  const setupTokens = createPasswordSetupTokens(db, { now });
  const issueSetupLink = setupLinkIssuer(setupTokens, deps.publicUrl);

  await app.register(adminUserRoutes, { commands, issueSetupLink, ...replies });
  await app.register(adminPasswordSetupRoutes, { directory, issueSetupLink });
  await app.register(currentUserRoutes, { commands, ...replies });
  await app.register(notificationPreferencesRoutes, { commands, ...replies });
  // Not wrapped in fastify-plugin: these two register cookie (and form) parsing in their own scope only.
  await app.register(passwordChangeRoutes, { directory, credentials, sessions, throttle });
  await app.register(loginRoutes, {
    pool: db,
    directory,
    sessions,
    credentials,
    throttle,
    setupTokens,
    now,
    ...(deps.oidc
      ? { oidc: { client: createOidcClient(deps.oidc), flowSecret: signingSecret(deps.identitySecret) } }
      : {}),
  });
  await app.register(internalSessionRoutes, {
    pool: db,
    sessions,
    internalSecret: deps.identitySecret,
    // A deactivated or vanished account has no live session, whatever its cookie says.
    describeOwner: async (userId) => {
      const user = await directory.getUser(userId);
      return user?.isActive ? { role: user.role, email: user.email } : null;
    },
  });
  return app;
}
