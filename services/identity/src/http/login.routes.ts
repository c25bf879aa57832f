import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { createCredentialStore, type CredentialStore } from '../credentials/credential-store.js';
import { dummyPasswordHash } from '../credentials/password-hashing.js';
import {
  createLoginThrottle,
  defaultLoginRateLimits,
  type LoginRateLimits,
  type LoginThrottle,
} from '../sessions/login-throttle.js';
import type { CookieSecure } from '../sessions/session-cookie.js';
import { createSessionStore, type SessionStore } from '../sessions/session-store.js';
import type { UserDirectory } from '../sessions/user-directory.js';
import type { PasswordSetupTokens } from '../credentials/password-setup-tokens.js';
import type { OidcClient } from '../oidc/oidc-client.js';
import { createOidcFlowSealer } from '../oidc/oidc-flow-cookie.js';
import { createOidcIdentities } from '../oidc/oidc-identities.js';
import { oidcLoginRoutes, passwordSetupRoutes } from './login-extra.routes.js';
import type { LoginContext } from './login-context.js';
import { parseLoginForm } from './login-form-parser.js';
import { loginQuery, signInBody, signUpBody } from './login-forms.js';
import { sendLoginPage } from './login-reply.js';
import { safeReturnTo } from './login-return-to.js';
import { signIn } from './login-sign-in.js';
import { confirmSignOut, followSignOutLink } from './login-sign-out.js';
import { signUp } from './login-sign-up.js';

export interface LoginRoutesOptions {
  pool: pg.Pool;
  directory: UserDirectory;
  /** Pass the one store the internal resolve route uses too, so both apply the same timeouts. */
  sessions?: SessionStore;
  credentials?: CredentialStore;
  throttle?: LoginThrottle;
  rateLimits?: Partial<LoginRateLimits>;
  /** Default 'auto': Secure when the gateway says the browser came over https. */
  cookieSecure?: CookieSecure;
  /** Shown in the page header and title. */
  productName?: string;
  now?: () => Date;
  /** When given, GET/POST /api/login/setup serve administrators' password-setup links. */
  setupTokens?: PasswordSetupTokens;
  /** When given, single sign-on: `flowSecret` keys the cookie that carries a flow between its two routes. */
  oidc?: { client: OidcClient; flowSecret: string };
  /** When given, signing out also leaves the admin's view as a customer (view-as.routes.ts). */
  leaveView?: LoginContext['leaveView'];
}

/** Forms are small; a cap far below the JSON default stops abuse of an unauthenticated endpoint. */
const formBodyLimit = 16 * 1024;

/**
 * GET/POST /api/login, POST /api/login/sign-up, GET/POST /api/logout (and, when configured, the password-setup and
 * single sign-on routes): browser navigations (SPEC.md §2, §7), answered with HTML and redirects rather than JSON. Register without fastify-plugin: the form parser and cookie support
 * stay inside this scope.
 */
export const loginRoutes: FastifyPluginAsyncZod<LoginRoutesOptions> = async (app, options) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody, { bodyLimit: formBodyLimit, parser: parseLoginForm });
  }
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);

  // Made now, not by the first sign-in with an unknown email, which would otherwise take visibly longer.
  await dummyPasswordHash();
  const now = options.now ?? (() => new Date());
  const context: LoginContext = {
    directory: options.directory,
    credentials: options.credentials ?? createCredentialStore(options.pool, now),
    sessions: options.sessions ?? createSessionStore({ pool: options.pool, now }),
    throttle:
      options.throttle ??
      createLoginThrottle(options.pool, { ...defaultLoginRateLimits, ...options.rateLimits }, now),
    cookieSecure: options.cookieSecure ?? 'auto',
    productName: options.productName ?? 'FinTech Hub',
    singleSignOn: options.oidc && { providerName: options.oidc.client.providerName },
    leaveView: options.leaveView,
  };
  const route = { policy: 'public' } as const;
  const form = ['application/x-www-form-urlencoded'];

  app.get(
    '/api/login',
    {
      config: route,
      schema: { summary: 'Sign-in and sign-up page (HTML)', tags: ['identity'], querystring: loginQuery },
    },
    async (request, reply) => {
      // Always the form, even with a live session: a signed-in user whom the gateway treats as signed out
      // (account deactivated) would otherwise bounce between here and the page that sent them.
      return sendLoginPage(reply, 200, {
        productName: context.productName,
        singleSignOn: context.singleSignOn,
        mode: request.query.mode,
        returnTo: safeReturnTo(request.query.returnTo),
      });
    },
  );

  app.post(
    '/api/login',
    {
      config: route,
      schema: { summary: 'Sign in (form post)', tags: ['identity'], consumes: form, body: signInBody },
    },
    async (request, reply) => signIn(context, request, reply, request.body),
  );

  app.post(
    '/api/login/sign-up',
    {
      config: route,
      schema: {
        summary: 'Create an account (form post)',
        tags: ['identity'],
        consumes: form,
        body: signUpBody,
      },
    },
    async (request, reply) => signUp(context, request, reply, request.body),
  );

  app.get(
    '/api/logout',
    {
      config: route,
      schema: {
        summary: 'Sign out and go home (a link from another site asks to confirm first)',
        tags: ['identity'],
      },
    },
    async (request, reply) => followSignOutLink(context, request, reply),
  );

  app.post(
    '/api/logout',
    {
      config: route,
      schema: { summary: 'Sign out (the confirmation form)', tags: ['identity'], consumes: form },
    },
    async (request, reply) => confirmSignOut(context, request, reply),
  );

  if (options.setupTokens) {
    await app.register(passwordSetupRoutes, { context: { ...context, setupTokens: options.setupTokens } });
  }
  if (options.oidc) {
    const oidc = {
      oidc: options.oidc.client,
      sealer: createOidcFlowSealer(options.oidc.flowSecret, now),
      identities: createOidcIdentities(options.pool, now),
    };
    await app.register(oidcLoginRoutes, { context: { ...context, ...oidc } });
  }
};
