import { signingSecret } from '@app/service-kit';
import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';
import { createUserDirectory } from './application/user-directory.js';
import { wireUserCommands } from './application/wire-user-commands.js';
import { createCredentialStore } from './credentials/credential-store.js';
import { createPasswordSetupTokens, setupLinkIssuer } from './credentials/password-setup-tokens.js';
import { createPasswordSetupMail } from './integration/password-setup-mail.js';
import { createOidcClient, type OidcSettings } from './oidc/oidc-client.js';
import {
  createLoginThrottle,
  createSessionStore,
  internalSessionRoutes,
  loginRoutes,
} from './sessions/index.js';
import { adminPasswordSetupRoutes } from './http/admin-password-setup.routes.js';
import { adminUserExportRoutes } from './http/admin-user-export.routes.js';
import { adminUserRoutes } from './http/admin-users.routes.js';
import { currentUserRoutes } from './http/current-user.routes.js';
import { notificationPreferencesRoutes } from './http/notification-preferences.routes.js';
import { passwordChangeRoutes } from './http/password-change.routes.js';
import { leaveView, viewAsRoutes } from './http/view-as.routes.js';
import { createViewAsCommands } from './application/view-as-commands.js';

export interface IdentityOptions {
  /** PUBLIC_URL: makes password-setup links absolute; without it they are paths on the app's origin. */
  publicUrl?: string | undefined;
  /** NOTIFICATIONS_URL: password-setup links are also mailed through notifications; without it, only copied. */
  notificationsUrl?: string | undefined;
  /** Single sign-on, when an OpenID Connect provider is configured (config.ts oidcSettings). */
  oidc?: OidcSettings | undefined;
  now?: () => Date;
}

/** Identity's HTTP app (STYLE.md "One service": app.ts builds, the runtime listens). */
export async function buildApp(context: ServiceAppContext, options: IdentityOptions = {}) {
  const { db, eventStore, replies } = context;
  const now = options.now ?? (() => new Date());
  const app = await createServiceApp(context, {
    name: 'identity',
    openapi: { title: 'Identity API', description: 'Accounts and administrators of the platform.' },
  });

  const commands = wireUserCommands(eventStore, db, now);
  const directory = createUserDirectory({
    db,
    commands,
    projections: replies.projections,
    readYourWritesTimeoutMs: replies.timeoutMs,
  });
  const sessions = createSessionStore({ pool: db, now });
  const credentials = createCredentialStore(db, now);
  const throttle = createLoginThrottle(db, undefined, now);
  const setupTokens = createPasswordSetupTokens(db, { now });
  const mail =
    options.notificationsUrl === undefined
      ? undefined
      : createPasswordSetupMail({
          notificationsUrl: options.notificationsUrl,
          internalSecret: signingSecret(context.identitySecret),
          onFailure: (failure) => app.log.warn(failure, 'Password-setup link not handed to notifications'),
        });
  const issueSetupLink = setupLinkIssuer(setupTokens, { publicUrl: options.publicUrl, mail });

  await app.register(adminUserRoutes, { commands, issueSetupLink, db, replies });
  await app.register(adminUserExportRoutes, { db, now });
  await app.register(adminPasswordSetupRoutes, { db, issueSetupLink });
  const views = createViewAsCommands({ eventStore, db, now });
  await app.register(currentUserRoutes, { commands, db, replies, views });
  await app.register(notificationPreferencesRoutes, { commands, db, replies });
  // Not wrapped in fastify-plugin: these two register cookie (and form) parsing in their own scope only.
  await app.register(passwordChangeRoutes, { directory, credentials, sessions, throttle });
  await app.register(viewAsRoutes, { views, sessions });
  await app.register(loginRoutes, {
    pool: db,
    directory,
    sessions,
    credentials,
    throttle,
    setupTokens,
    now,
    leaveView: leaveView(views),
    ...(options.oidc
      ? {
          oidc: { client: createOidcClient(options.oidc), flowSecret: signingSecret(context.identitySecret) },
        }
      : {}),
  });
  await app.register(internalSessionRoutes, {
    pool: db,
    sessions,
    internalSecret: context.identitySecret,
    // A deactivated or vanished account has no live session, whatever its cookie says.
    describeOwner: async (userId) => {
      const user = await directory.getUser(userId);
      return user?.isActive ? { role: user.role, email: user.email } : null;
    },
    // A view ends for good when its customer is deactivated or stops being a customer.
    describeView: async (viewAsSessionId, admin) => {
      const view = await views.live(viewAsSessionId, {
        adminId: admin.userId,
        adminSessionId: admin.sessionId,
      });
      const customer = view === null ? null : await directory.getUser(view.customerId);
      if (view === null || !customer?.isActive || customer.role !== 'tenant') return null;
      return {
        sessionId: view.sessionId,
        userId: customer.id,
        role: customer.role,
        email: customer.email,
        expiresAt: view.expiresAt,
      };
    },
  });
  return app;
}
