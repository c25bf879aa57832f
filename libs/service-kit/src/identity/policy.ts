import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem, problemType } from '../http/problem.js';
import { isPolicy, type Policy } from './caller.js';
import { identityTokenHeader, verifyIdentityToken } from './identity-token.js';

/**
 * Enforces each route's `config.policy` from the gateway's signed token (ARCHITECTURE.md "Gateway": services
 * never trust raw identity headers). Registered on the root instance before any route.
 */
export function registerAccessPolicy(app: FastifyInstance, secret: string): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (!isPolicy(route.config?.policy)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} has no access policy: set config.policy to 'public', 'signed-in' or 'admin'`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    // Only the not-found handler has no policy: let it answer 404 without looking at identity.
    const policy = request.routeOptions.config.policy as Policy | undefined;
    if (policy === undefined) return;
    request.caller = await callerOf(request, policy, secret);
    if (policy === 'admin' && request.caller?.role !== 'admin') {
      throw new HttpProblem(403, 'Admin access required.', { type: problemType('forbidden') });
    }
  });
}

async function callerOf(request: FastifyRequest, policy: Policy, secret: string) {
  const token = request.headers[identityTokenHeader];
  if (token === undefined) {
    if (policy === 'public') return null;
    throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
  }
  // A token that is present but bad is refused even on public routes: a forged one is never silently ignored.
  try {
    if (typeof token !== 'string') throw new Error('more than one identity token');
    return await verifyIdentityToken(token, secret);
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
