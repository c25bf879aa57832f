import type { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { HttpProblem, problemType, sendProblem } from '@app/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { checkAccess, type Authenticator, type Caller } from './access.js';
import { limitBody, PayloadTooLargeError } from './body-limit.js';
import { matchRoute, type Access, type RouteTable, type ServiceUrls } from './route-table.js';
import { classifyUpstreamError, serviceLabel } from './upstream-errors.js';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './upstream-headers.js';

export interface ProxyOptions {
  table: RouteTable;
  services: ServiceUrls;
  authenticate: Authenticator;
  /** Signs the short-lived identity token a service verifies (service-kit's signIdentityToken). */
  signIdentity: (caller: Caller) => Promise<string>;
  upstreamTimeoutMs: number;
  bodyLimitBytes: number;
}

const proxiedMethods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * `/api/*` → the owning service. Register it encapsulated (not through fastify-plugin): it replaces the body
 * parsers of its own scope so request bodies stream to the service unparsed.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  await app.register(replyFrom, {
    undici: {
      headersTimeout: options.upstreamTimeoutMs,
      bodyTimeout: options.upstreamTimeoutMs,
      connect: { timeout: options.upstreamTimeoutMs },
    },
    // A service's own 503 must reach the browser as it is, not be retried up to 10 times by reply-from.
    retryMethods: [],
    disableRequestLogging: true,
    destroyAgent: true,
  });

  app.route({
    method: proxiedMethods,
    url: '/api/*',
    // service-kit's policy hook only admits the request; the route table's access is enforced in forward().
    config: { policy: 'public' },
    handler: (request, reply) => forward(request, reply, options),
  });
}

async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ProxyOptions,
): Promise<FastifyReply> {
  const path = request.url.split('?', 1)[0] ?? request.url;
  const entry = matchRoute(options.table, request.method, path);
  const base = entry === null ? undefined : options.services[entry.service];
  if (entry === null || base === undefined) {
    throw new HttpProblem(404, `No service owns ${path}`, { type: problemType('route-not-found') });
  }

  const caller = await callerFor(request, entry.access, options.authenticate);
  const decision = checkAccess(entry.access, caller);
  if (!decision.allowed) {
    const slug = decision.status === 401 ? 'unauthenticated' : 'forbidden';
    throw new HttpProblem(decision.status, decision.detail, { type: problemType(slug) });
  }

  if (Number(request.headers['content-length'] ?? 0) > options.bodyLimitBytes) {
    // The body stays unread, so this connection cannot carry another request.
    reply.header('connection', 'close');
    const tooLarge = new PayloadTooLargeError(options.bodyLimitBytes);
    throw new HttpProblem(413, tooLarge.message, { type: problemType('body-too-large') });
  }
  if (isStream(request.body)) request.body = limitBody(request.body, options.bodyLimitBytes);

  const identityToken = caller === null ? undefined : await options.signIdentity(caller);
  const label = serviceLabel(entry.service);
  const target = `${base.replace(/\/+$/, '')}${request.url}`;
  try {
    return reply.from(target, {
      rewriteRequestHeaders: (req, headers) =>
        upstreamRequestHeaders(headers, {
          requestId: req.id,
          identityToken,
          clientIp: req.ip,
          protocol: req.protocol,
          host: req.host,
        }),
      rewriteHeaders: (headers) => downstreamResponseHeaders(headers),
      onError: (_reply, { error }) => {
        const problem = classifyUpstreamError(error, label);
        if (!request.raw.complete) reply.header('connection', 'close');
        // reply-from has already logged the transport error itself; this line says what the browser got.
        request.log.warn({ service: entry.service, status: problem.status }, 'Upstream request failed');
        sendProblem(request, reply, problem);
      },
    });
  } catch {
    // reply-from refuses URLs it cannot decode or that contain "/..", the query string included.
    throw new HttpProblem(400, 'The request URL is malformed.', { type: problemType('malformed-url') });
  }
}

/** A visitor may still read public routes when sessions cannot be checked; everyone else gets the error. */
async function callerFor(request: FastifyRequest, access: Access, authenticate: Authenticator) {
  try {
    return await authenticate(request);
  } catch (error) {
    if (access !== 'public') throw error;
    request.log.warn({ err: error }, 'Session check failed; serving a public route as a visitor');
    return null;
  }
}

function isStream(body: unknown): body is Readable {
  return typeof (body as { pipe?: unknown } | null)?.pipe === 'function';
}
