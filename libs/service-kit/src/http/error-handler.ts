import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from './error-mapping.js';
import { echoedUrl, problemType, sendProblem } from './problem.js';

/**
 * One error handler and one not-found handler for the whole app. 5xx are logged at error with the stack and
 * answered with a generic sentence, except storage being briefly away (503, at warn: an operator sees the outage
 * through readiness); 4xx at info with their detail, except refusals that may be probing: a 403, and a 401 for
 * a request that presented credentials. A visitor asking who is signed in gets a 401 on every page; that is not
 * worth an operator's attention.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error);
    if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
    if (mapped.status === 503 && mapped.expected) {
      request.log.warn({ err: error, status: mapped.status }, 'Request refused: storage unavailable');
    } else if (!mapped.expected || mapped.status >= 500) {
      request.log.error({ err: error, status: mapped.status }, 'Request failed');
    } else {
      const probing = mapped.status === 403 || (mapped.status === 401 && presentedCredentials(request));
      const level = probing ? 'warn' : 'info';
      request.log[level](
        { status: mapped.status, detail: mapped.detail, errors: mapped.errors },
        'Request rejected',
      );
    }
    return sendProblem(request, reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.info({ status: 404 }, 'Route not found');
    return sendProblem(request, reply, {
      status: 404,
      type: problemType('route-not-found'),
      detail: `Route ${request.method} ${echoedUrl(request.url.split('?')[0] ?? '')} not found.`,
    });
  });
}

function presentedCredentials(request: FastifyRequest): boolean {
  const { cookie, authorization } = request.headers;
  return Boolean(cookie || authorization);
}
