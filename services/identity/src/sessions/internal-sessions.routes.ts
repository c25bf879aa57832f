import { NotFoundError } from '@app/domain';
import { HttpProblem, problemType } from '@app/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { internalKeyHeader, internalKeyMatches } from './internal-keys.js';
import { createSessionStore, type SessionStore } from './session-store.js';

/** Who a session belongs to, beyond the id, when the caller wires it (the gateway needs the role). */
export interface SessionOwner {
  role: 'admin' | 'tenant';
  email?: string;
  tenantId?: string;
}

export interface InternalSessionRoutesOptions {
  pool: pg.Pool;
  /** Shared with the gateway (INTERNAL_TOKEN_SECRET); sent in the x-internal-key header. */
  internalKey: string;
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
 * POST /internal/sessions/resolve, for the gateway only: the cookie value in, the signed-in user out (404 when
 * there is none). Not under /api, so the gateway never routes a browser here; the shared key keeps out anyone
 * else who can reach the service. service-kit knows no "internal" policy, so the route is 'public' to it and
 * this plugin's own hook is the guard.
 */
export const internalSessionRoutes: FastifyPluginAsyncZod<InternalSessionRoutesOptions> = async (
  app,
  options,
) => {
  if (options.internalKey.length < 32) throw new Error('internalKey must be at least 32 characters');
  const sessions = options.sessions ?? createSessionStore({ pool: options.pool });

  app.addHook('onRequest', async (request) => {
    if (!internalKeyMatches(request.headers[internalKeyHeader], options.internalKey)) {
      throw new HttpProblem(401, 'A valid internal key is required.', {
        type: problemType('unauthenticated'),
      });
    }
  });

  app.post(
    '/internal/sessions/resolve',
    {
      config: { policy: 'public' },
      schema: {
        hide: true,
        body: resolveBody,
        response: { 200: resolveReply },
      },
    },
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
