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

export interface InternalSessionRoutesOptions {
  pool: pg.Pool;
  /** INTERNAL_TOKEN_SECRET: the gateway sends the key derived from it for sessionResolvePurpose. */
  internalSecret: AcceptedSecrets;
  /** Share the login plugin's store, so both apply the same timeouts. */
  sessions?: SessionStore;
  /** When given, its fields join the answer; null (account gone or deactivated) makes the session unknown. */
  describeOwner?: (userId: string) => Promise<SessionOwner | null>;
}

const resolveBody = z.object({ sessionId: z.string().max(512) });
const resolveReply = z.object({
  userId: z.string(),
  role: z.enum(['admin', 'tenant']).optional(),
  email: z.string().optional(),
  tenantId: z.string().optional(),
});

/**
 * POST /internal/sessions/resolve, for the gateway only (an internal route: guardInternalRoutes): the cookie value
 * in, the signed-in user out (404 when there is none).
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
      return { userId: session.userId, ...owner };
    },
  );
};
