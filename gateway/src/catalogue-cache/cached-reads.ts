import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import { contentEtag, ifNoneMatchNames } from '@app/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access.js';
import type { RouteEntry } from '../route-table.js';
import type { CachedAnswer, CacheRead, CatalogueCache } from './catalogue-cache.js';

/** What a stored answer keeps besides its body: what describes the body, its validator, paging and caching. */
const keptHeaders = ['content-type', 'etag', 'link', 'cache-control'] as const;

/**
 * A read the catalogue cache may answer: a GET of a public catalog route, by anyone but an admin. The catalog
 * answers these by one thing of the caller only, whether it is an admin (who also sees inactive products), so a
 * visitor's and a customer's answers are the same and share entries.
 */
export function isPublicCatalogueRead(method: string, entry: RouteEntry, caller: Caller | null): boolean {
  return (
    method === 'GET' && entry.service === 'catalog' && entry.access === 'public' && caller?.role !== 'admin'
  );
}

/** A stored answer, or 304 when the caller's If-None-Match names its content ETag. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.headers(answer.headers);
  if (answer.revalidatable && ifNoneMatchNames(request.headers['if-none-match'], answer.headers.etag ?? '')) {
    return reply.code(304).removeHeader('content-type').send();
  }
  return reply.code(200).send(answer.body);
}

type ResponseHandler = NonNullable<FastifyReplyFromHooks['onResponse']>;
type UpstreamResponse = Parameters<ResponseHandler>[2];

/**
 * What reply-from does with the catalog's answer when the cache is concerned, as its onResponse (undefined:
 * stream it through as usual). A read the cache missed: a 200 is read whole (catalog answers are small), stored
 * unless an invalidation overtook it, and sent. A write to the catalog: once the catalog has answered it (after
 * its read model shows the change: read-your-writes), the cache is cleared before the client hears back, so the
 * writer's next read through this gateway is fresh even before the catalog's event comes round on NATS.
 * `onBodyError` answers when the service fails halfway through a body read whole.
 */
export function catalogueResponseHandler(options: {
  cache: CatalogueCache;
  read: CacheRead | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  entry: RouteEntry;
  onBodyError: (error: unknown) => void;
}): ResponseHandler | undefined {
  const { cache, read, request, reply, entry } = options;
  if (read?.outcome === 'miss') {
    const store = (body: Buffer) => cache.store(read.ticket, request.url, answerOf(reply, body));
    return (_request, _reply, response) => storeAndSend(reply, response, store, options.onBodyError);
  }
  if (entry.service !== 'catalog' || safeMethods.has(request.method)) return undefined;
  return (_request, _reply, response) => {
    cache.invalidate();
    reply.send(response.stream);
  };
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function storeAndSend(
  reply: FastifyReply,
  response: UpstreamResponse,
  store: (body: Buffer) => void,
  onBodyError: (error: unknown) => void,
): void {
  if (reply.statusCode !== 200) {
    reply.send(response.stream);
    return;
  }
  response.stream.toArray().then(
    (chunks: Buffer[]) => {
      const body = Buffer.concat(chunks);
      store(body);
      reply.send(body);
    },
    (error: unknown) => {
      for (const name of [...keptHeaders, 'content-length']) reply.removeHeader(name);
      onBodyError(error);
    },
  );
}

function answerOf(reply: FastifyReply, body: Buffer): CachedAnswer {
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  const revalidatable = headers.etag !== undefined && headers.etag === contentEtag(body);
  return { headers, body, revalidatable };
}
