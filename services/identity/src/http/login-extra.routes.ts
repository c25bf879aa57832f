import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeSetup, setupBody, setupQuery, showSetup, type SetupContext } from './login-setup.js';
import { finishOidc, startOidc, type OidcContext } from './login-oidc.js';

const route = { policy: 'public' } as const;
const tags = ['identity'];

/**
 * GET/POST /api/login/setup: choosing a password from an administrator's one-time link. Registered inside the
 * login plugin, so the form parser and cookies are in scope.
 */
export const passwordSetupRoutes: FastifyPluginAsyncZod<{ context: SetupContext }> = async (app, options) => {
  const { context } = options;
  app.get(
    '/api/login/setup',
    {
      config: route,
      // The link's secret is in the query string: keep the per-request log lines (which show the URL) out.
      logLevel: 'warn',
      schema: { summary: 'Choose a password from a setup link (HTML)', tags, querystring: setupQuery },
    },
    async (request, reply) => showSetup(context, reply, request.query.token),
  );

  app.post(
    '/api/login/setup',
    {
      config: route,
      schema: {
        summary: 'Set the password and sign in (form post)',
        tags,
        consumes: ['application/x-www-form-urlencoded'],
        body: setupBody,
      },
    },
    async (request, reply) => completeSetup(context, request, reply, request.body),
  );
};

/** GET /api/login/oidc and its callback: single sign-on with the configured OpenID Connect provider. */
export const oidcLoginRoutes: FastifyPluginAsyncZod<{ context: OidcContext }> = async (app, options) => {
  const { context } = options;
  app.get(
    '/api/login/oidc',
    {
      config: route,
      schema: {
        summary: `Sign in with ${context.oidc.providerName} (redirects to the provider)`,
        tags,
        // Loose, like the sign-in page's: a link here may carry parameters of its own.
        querystring: z.looseObject({ returnTo: z.unknown().optional() }),
      },
    },
    async (request, reply) => startOidc(context, request, reply, request.query.returnTo),
  );

  app.get(
    '/api/login/oidc/callback',
    {
      config: route,
      schema: {
        summary: 'Where the OpenID Connect provider sends the browser back',
        tags,
        // The provider adds what it likes (code, state, iss, session_state, …); the OIDC client reads them all.
        querystring: z.looseObject({}),
      },
    },
    async (request, reply) => finishOidc(context, request, reply),
  );
};
