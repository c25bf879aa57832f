import replyFrom from '@fastify/reply-from';
import {
  echoedUrl,
  HttpProblem,
  problemType,
  readOnlyViewRefusal,
  sendProblem,
  type ForwardedRequest,
} from '@app/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { checkAccess, viewerOf, type Authenticator, type Caller, type SessionEvents } from './access.js';
import { limitBody, PayloadTooLargeError } from './body-limit.js';
import {
  catalogueResponseHandler,
  isPublicCatalogueRead,
  sendCachedAnswer,
} from './catalogue-cache/cached-reads.js';
import type { CacheRead, CatalogueCache } from './catalogue-cache/catalogue-cache.js';
import { isStream, registerCompression } from './compression.js';
import { assertJsonBody, assertSameOrigin, type OriginOptions } from './request-guards.js';
import { clientAddress, clientProtocol } from './request-origin.js';
import { matchRoute, type Access, type RouteTable, type ServiceUrls } from './route-table.js';
import { classifyUpstreamError, serviceLabel } from './upstream-errors.js';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './upstream-headers.js';

export interface ProxyOptions {
  table: RouteTable;
  services: ServiceUrls;
  authenticate: Authenticator;
  /** Told when a sign-out passes through, so a cached session ends with it. */
  sessions?: SessionEvents;
  /**
   * Signs the identity token a service verifies (service-kit's signIdentityToken), bound to `request` and naming
   * its client address; `caller` is null for a visitor.
   */
  signIdentity: (caller: Caller | null, request: ForwardedRequest) => Promise<string>;
  upstreamTimeoutMs: number;
  bodyLimitBytes: number;
  /** Where browsers see us, and whether X-Forwarded-Proto is to be believed (CSRF check, forwarded headers). */
  origin: OriginOptions;
  /** Told, once the answer is sent, of each request a service answered for a signed-in caller (usage metering). */
  onAnswered?: (caller: Caller) => void;
  /** The public catalogue cache (src/catalogue-cache); absent: every read goes to the catalog. */
  catalogueCache?: CatalogueCache;
  /** Told how the cache took each public catalogue read (metrics). */
  onCatalogueRead?: (outcome: CacheRead['outcome']) => void;
}

/** Identity's sign-out path: the gateway forgets the session as the request passes. */
const signOutPath = '/api/logout';
/** Identity's route that ends a view as a customer (DELETE). */
const leaveViewPath = '/api/auth/view-as';

const proxiedMethods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * `/api/*` → the owning service. Register it encapsulated (not through fastify-plugin): it replaces the body
 * parsers of its own scope so request bodies stream to the service unparsed.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await registerCompression(app);

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

  // Signed-in requests on their way to a service; forward() drops those whose service did not answer.
  const forwarded = new WeakMap<FastifyRequest, Caller>();
  app.route({
    method: proxiedMethods,
    url: '/api/*',
    // service-kit's policy hook only admits the request; the route table's access is enforced in forward().
    config: { policy: 'public' },
    handler: (request, reply) => forward(request, reply, options, forwarded),
    onResponse: async (request) => {
      // Again once identity has answered: a request that resolved the session meanwhile may have cached it.
      if (endsSession(request)) options.sessions?.signedOut(request);
      const caller = forwarded.get(request);
      if (caller !== undefined) options.onAnswered?.(caller);
    },
  });
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? request.url;
}

/** A sign-out, or the leaving of a view: either changes who the request's cookies resolve to. */
function endsSession(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return path === signOutPath || (path === leaveViewPath && request.method === 'DELETE');
}

async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ProxyOptions,
  forwarded: WeakMap<FastifyRequest, Caller>,
): Promise<FastifyReply> {
  // First of all, before the session is even looked up: a cross-site request is refused whatever it is for.
  assertSameOrigin(request, options.origin);
  const path = pathOf(request);
  const entry = matchRoute(options.table, request.method, path);
  const base = entry === null ? undefined : options.services[entry.service];
  if (entry === null || base === undefined) {
    throw new HttpProblem(404, `No service owns ${echoedUrl(path)}`, {
      type: problemType('route-not-found'),
    });
  }

  const resolved = await callerFor(request, entry.access, options.authenticate);
  // In a view as a customer every request goes as the customer, leaving it as the admin (route-table.ts).
  const caller = entry.leavesView === true && resolved !== null ? viewerOf(resolved) : resolved;
  // Whatever the route, as service-kit's access policy does (which refuses it again): nothing reaches a service.
  const readOnly = readOnlyViewRefusal(caller, request.method);
  if (readOnly !== null) throw readOnly;
  const decision = checkAccess(entry.access, caller);
  if (!decision.allowed) {
    const slug = decision.status === 401 ? 'unauthenticated' : 'forbidden';
    throw new HttpProblem(decision.status, decision.detail, { type: problemType(slug) });
  }
  assertJsonBody(request, entry.acceptsForms === true);
  if (endsSession(request)) options.sessions?.signedOut(request);

  if (Number(request.headers['content-length'] ?? 0) > options.bodyLimitBytes) {
    // The body stays unread, so this connection cannot carry another request.
    reply.header('connection', 'close');
    const tooLarge = new PayloadTooLargeError(options.bodyLimitBytes);
    throw new HttpProblem(413, tooLarge.message, { type: problemType('body-too-large') });
  }
  if (isStream(request.body)) request.body = limitBody(request.body, options.bodyLimitBytes);

  if (caller !== null && options.onAnswered) forwarded.set(request, caller);
  const cache = options.catalogueCache;
  const cacheRead =
    cache !== undefined && isPublicCatalogueRead(request.method, entry, caller)
      ? cache.read(request.url)
      : undefined;
  if (cacheRead !== undefined) options.onCatalogueRead?.(cacheRead.outcome);
  if (cacheRead?.outcome === 'hit') return sendCachedAnswer(request, reply, cacheRead.answer);

  const target = forwardedUrl(base, request.url);
  // Visitors get one too: services take the client address only from a token (sign-in throttling, identity).
  const identityToken = await options.signIdentity(caller, {
    method: request.method,
    url: target.sent,
    clientAddress: clientAddress(request, options.origin.trustProxy),
  });
  const label = serviceLabel(entry.service);
  const failed = (error: unknown) => {
    forwarded.delete(request);
    const problem = classifyUpstreamError(error, label);
    if (!request.raw.complete) reply.header('connection', 'close');
    // reply-from has already logged the transport error itself; this line says what the browser got.
    request.log.warn({ service: entry.service, status: problem.status }, 'Upstream request failed');
    sendProblem(request, reply, problem);
  };
  const onResponse =
    cache === undefined
      ? undefined
      : catalogueResponseHandler({ cache, read: cacheRead, request, reply, entry, onBodyError: failed });
  try {
    return reply.from(target.href, {
      // Exactly the query the token is bound to (reply-from would otherwise fall back to the raw one).
      queryString: () => target.search.slice(1),
      rewriteRequestHeaders: (req, headers) =>
        upstreamRequestHeaders(headers, {
          requestId: req.id,
          identityToken,
          clientIp: req.ip,
          protocol: clientProtocol(req, options.origin.trustProxy),
          host: req.host,
        }),
      rewriteHeaders: (headers) => downstreamResponseHeaders(headers),
      ...(onResponse === undefined ? {} : { onResponse }),
      onError: (_reply, { error }) => failed(error),
    });
  } catch {
    forwarded.delete(request);
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

/**
 * The URL reply-from will request, and the path and query the service will see as its `request.url`: the
 * token must be bound to that, and WHATWG URL parsing (which reply-from applies) may percent-encode characters
 * the client sent raw.
 */
function forwardedUrl(base: string, requestUrl: string): { href: string; search: string; sent: string } {
  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, '')}${requestUrl}`);
  } catch {
    throw new HttpProblem(400, 'The request URL is malformed.', { type: problemType('malformed-url') });
  }
  return { href: url.href, search: url.search, sent: `${url.pathname}${url.search}` };
}
