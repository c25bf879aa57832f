import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startViewAsBodySchema, userIdParamsSchema, viewAsSessionSchema } from '@app/contracts';
import { HttpProblem, commandMetadata, problemType } from '@app/service-kit';
import type { ViewAsCommands } from '../application/view-as-commands.js';
import { viewAsDurationMs } from '../domain/view-as/view-as.js';
import { sessionCookieName, sessionCookieOptions } from '../sessions/session-cookie.js';
import type { SessionStore } from '../sessions/session-store.js';

/** The gateway reads it beside `sid` and asks identity which view, if any, the admin's request is in. */
export const viewAsCookieName = 'vas';

export interface ViewAsRoutesOptions {
  views: ViewAsCommands;
  sessions: SessionStore;
}

const tags = ['identity'];

/**
 * View as customer (issue 21 item 3). Starting a view sets the `vas` cookie (HttpOnly, for the view's 30 minutes)
 * next to the admin's own `sid`, which stays as it was: the gateway then forwards the admin's requests as the
 * customer's, with the admin in the identity token's `act` claim, and every service refuses their writes.
 * Leaving ends the view and drops the cookie, and the admin is themselves again.
 */
export const viewAsRoutes: FastifyPluginAsyncZod<ViewAsRoutesOptions> = async (app, options) => {
  // In this scope only (no fastify-plugin), as the password change does: the cookies say which sessions.
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
  const { views, sessions } = options;

  app.post(
    '/api/admin/users/:id/view-as',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'View the platform as this customer, read-only, for 30 minutes',
        description:
          'Needs a reason (1–500 characters), recorded with the start and the end in the audit trail, which the ' +
          'customer sees on their Activity tab (as Support). Sets the `vas` cookie: until it ends, the gateway ' +
          'answers as the customer would be answered and every write is refused with 403 ' +
          '`urn:problem:read-only-view`. Only an active customer (role tenant) can be viewed; 400 otherwise, 404 ' +
          'for no such account.',
        tags,
        params: userIdParamsSchema,
        body: startViewAsBodySchema,
        response: { 201: viewAsSessionSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      const token = request.cookies[sessionCookieName()];
      const signedIn = token === undefined ? null : await sessions.resolveSession(token);
      if (caller === null || signedIn === null || signedIn.userId !== caller.userId) {
        throw new HttpProblem(400, 'A view as a customer opens from a signed-in browser only.', {
          type: problemType('view-as-needs-session'),
        });
      }
      const result = await views.start(
        {
          adminId: caller.userId,
          adminSessionId: signedIn.sessionId,
          customerId: request.params.id,
          reason: request.body.reason,
        },
        { metadata: commandMetadata(request) },
      );
      const view = result.state;
      if (view.status !== 'open') throw new Error('Starting a view left no open view');
      reply.setCookie(
        viewAsCookieName,
        view.sessionId,
        sessionCookieOptions(request, 'auto', Math.floor(viewAsDurationMs / 1000)),
      );
      reply.code(201).header('cache-control', 'no-store');
      return {
        id: view.sessionId,
        customerId: view.customerId,
        reason: view.reason,
        startedAt: view.startedAt,
        expiresAt: view.expiresAt,
      };
    },
  );

  app.delete(
    '/api/auth/view-as',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Leave the view as a customer',
        description:
          'Ends the view the `vas` cookie names (recorded as left, or as expired when its 30 minutes were over) ' +
          'and drops the cookie. The gateway forwards this one request of a view as the admin, not the customer. ' +
          '204 also when there is no view.',
        tags,
        response: { 204: z.null().describe('Left') },
      },
    },
    async (request, reply) => {
      await leaveView(views)(request, reply);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};

/**
 * Ends the view the request's `vas` cookie names, as left, and drops the cookie: on Leave, and on signing out
 * (login-session.ts), which leaves the view with the session it lived in. The cookie must be parsed in scope.
 */
export function leaveView(views: Pick<ViewAsCommands, 'read' | 'end'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const sessionId = request.cookies[viewAsCookieName];
    if (sessionId === undefined) return;
    const caller = request.caller;
    const view = await views.read(sessionId);
    // Only the admin who opened it ends it; anyone's stale cookie is just dropped.
    if (caller !== null && view.status === 'open' && view.adminId === caller.userId) {
      await views.end(sessionId, 'left', { metadata: commandMetadata(request) });
    }
    reply.clearCookie(viewAsCookieName, sessionCookieOptions(request, 'auto'));
  };
}
