import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem, problemType } from '../http/problem.js';
import { isPolicy, type Policy } from './caller.js';
import {
  identityTokenHeader,
  verifyIdentityToken,
  type AcceptedSecrets,
  type IdentityToken,
} from './identity-token.js';
import { readOnlyViewRefusal } from './read-only-view.js';
import { createReplayGuard, type ReplayGuard } from './replay-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The browser's address: the `clientAddress` the gateway signed into the identity token, else this socket's
     * peer. Never a forwarding header, which anyone reaching the service directly could set to anything.
     */
    clientAddress: string;
  }
}

/**
 * Enforces each route's `config.policy` from the gateway's signed token (ARCHITECTURE.md "Gateway": services
 * never trust raw identity headers). The token must be bound to this very request and used only once (see
 * identity-token.ts, replay-guard.ts). A viewed caller (an admin viewing as a customer) is refused every write
 * here, on every route (read-only-view.ts). Registered on the root instance before any route.
 */
export function registerAccessPolicy(app: FastifyInstance, secrets: AcceptedSecrets): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('clientAddress', '');
  // One per app, so per process: see ReplayGuard for what that means with several replicas.
  const replays = createReplayGuard();

  app.addHook('onRoute', (route) => {
    if (!isPolicy(route.config?.policy)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} has no access policy: set config.policy to 'public', 'signed-in' or 'admin'`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    request.clientAddress = request.ip;
    // Only the not-found handler has no policy: let it answer 404 without looking at identity.
    const policy = request.routeOptions.config.policy as Policy | undefined;
    if (policy === undefined) return;
    const token = await tokenOf(request, secrets, replays);
    request.caller = token?.caller ?? null;
    if (token?.clientAddress !== undefined) request.clientAddress = token.clientAddress;
    if (policy !== 'public' && request.caller === null) {
      throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
    }
    // Before anything a route does, whatever its policy: an admin viewing as a customer changes nothing.
    const readOnly = readOnlyViewRefusal(request.caller, request.method);
    if (readOnly !== null) throw readOnly;
    if (policy === 'admin' && request.caller?.role !== 'admin') {
      throw new HttpProblem(403, 'Admin access required.', { type: problemType('forbidden') });
    }
  });
}

/** The request's verified token; null when none came (a visitor sent straight to the service, a health probe). */
async function tokenOf(
  request: FastifyRequest,
  secrets: AcceptedSecrets,
  replays: ReplayGuard,
): Promise<IdentityToken | null> {
  const token = request.headers[identityTokenHeader];
  if (token === undefined) return null;
  // A token that is present but bad is refused even on public routes: a forged one is never silently ignored.
  try {
    if (typeof token !== 'string') throw new Error('more than one identity token');
    // request.url is the path and query as received, which is what the gateway binds; request.method is the
    // one on the wire, so a HEAD that Fastify serves with a GET route still has to match a HEAD token.
    return await verifyIdentityToken(token, secrets, { method: request.method, url: request.url }, replays);
  } catch (error) {
    request.log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'Identity token rejected',
    );
    throw new HttpProblem(401, 'Your session is invalid or has expired. Please sign in again.', {
      type: problemType('unauthenticated'),
    });
  }
}
