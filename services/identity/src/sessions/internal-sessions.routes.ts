import { NotFoundError } from '@app/domain';
import {
  guardInternalRoutes,
  internalRoute,
  sessionResolvePurpose,
  type AcceptedSecrets,
} from '@app/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { createSessionStore, type SessionStore } from './session-store.js';

/** Who a session belongs to, beyond the id, when the caller wires it (the gateway needs the role). */
export interface SessionOwner {
  role: 'admin' | 'tenant';
  email?: string;
  tenantId?: string;
}

/** The customer an admin's request is forwarded as while they view as them (issue 21 item 3). */
export interface ViewedOwner {
  sessionId: string;
  userId: string;
  role: 'admin' | 'tenant';
  email?: string;
  expiresAt: string;
}

export interface InternalSessionRoutesOptions {
  pool: pg.Pool;
  /** INTERNAL_TOKEN_SECRET: the gateway sends the key derived from it for sessionResolvePurpose. */
  internalSecret: AcceptedSecrets;
  /** Share the login plugin's store, so both apply the same timeouts. */
  sessions?: SessionStore;
  /** When given, its fields join the answer; null (account gone or deactivated) makes the session unknown. */
  describeOwner?: (userId: string) => Promise<SessionOwner | null>;
  /**
   * The view the `vas` cookie names, when it is live and was opened in this very sign-in session by this admin;
   * null otherwise (the admin is then answered as themselves).
   */
  describeView?: (
    viewAsSessionId: string,
    admin: { userId: string; sessionId: string },
  ) => Promise<ViewedOwner | null>;
}

const resolveBody = z.object({
  sessionId: z.string().max(512),
  viewAsSessionId: z.string().max(64).optional(),
});
const resolveReply = z.object({
  userId: z.string(),
  role: z.enum(['admin', 'tenant']).optional(),
  email: z.string().optional(),
  tenantId: z.string().optional(),
  viewAs: z
    .object({
      sessionId: z.string(),
      userId: z.string(),
      role: z.enum(['admin', 'tenant']),
      email: z.string().optional(),
      expiresAt: z.string(),
    })
    .optional(),
});

/**
 * POST /internal/sessions/resolve, for the gateway only (an internal route: guardInternalRoutes): the cookie value
 * in, the signed-in user out (404 when there is none). With the `vas` cookie's value, an admin's live view too.
 */
export const internalSessionRoutes: FastifyPluginAsyncZod<InternalSessionRoutesOptions> = async (
  app,
  options,
) => {
  guardInternalRoutes(app, { secret: options.internalSecret, purpose: sessionResolvePurpose });
  const sessions = options.sessions ?? createSessionStore({ pool: options.pool });

  app.post(
    '/internal/sessions/resolve',
    internalRoute({ body: resolveBody, response: { 200: resolveReply } }),
    async (request) => {
      const session = await sessions.resolveSession(request.body.sessionId);
      if (session === null) throw new NotFoundError('No such session.');
      if (options.describeOwner === undefined) return { userId: session.userId };
      const owner = await options.describeOwner(session.userId);
      if (owner === null) throw new NotFoundError('No such session.');
      const { viewAsSessionId } = request.body;
      const view =
        viewAsSessionId === undefined || owner.role !== 'admin' || options.describeView === undefined
          ? null
          : await options.describeView(viewAsSessionId, {
              userId: session.userId,
              sessionId: session.sessionId,
            });
      return { userId: session.userId, ...owner, ...(view === null ? {} : { viewAs: view }) };
    },
  );
};
