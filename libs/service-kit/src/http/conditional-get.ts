import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentEtag, ifNoneMatchNames } from './entity-tags.js';

/**
 * API answers are per caller (what a visitor, a customer and an admin see differs): a browser may keep one but
 * must ask again, with If-None-Match, before it shows it; no shared cache may keep it. A route that must not be
 * kept at all (a password-setup link, the signed-in user) says `no-store` itself.
 */
export const revalidateEveryTime = 'private, no-cache';

/**
 * Conditional GET for every service (RFC 9110 §13.1.2): a GET or HEAD answered 200 with a body gets the ETag of
 * the bytes sent, and a request whose If-None-Match names it gets 304 without them, which saves the transfer and
 * the client's parsing, not the query. An answer that already carries an ETag keeps it and is never a 304: that
 * tag is an aggregate's revision (read-reply.ts), there for If-Match, and the body also shows what other streams
 * taught the read model (a tenant's owner name and subscription counts), which the revision does not cover.
 * Streams (files, the gateway's proxied answers) pass untouched: their bytes are not at hand.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
      return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', revalidateEveryTime);
    if (reply.hasHeader('etag')) return payload;
    const etag = contentEtag(payload);
    reply.header('etag', etag);
    return ifNoneMatchNames(request.headers['if-none-match'], etag) ? notModified(request, reply) : payload;
  });
}

/**
 * Turns the reply into a 304: status, validator and caching headers stay (RFC 9110 §15.4.5), the body and the
 * headers that describe it go. Returns the empty payload for an onSend hook to send: for HEAD an empty stream,
 * because Fastify's own HEAD hook runs after ours and measures any other payload (null throws there).
 */
export function notModified(request: FastifyRequest, reply: FastifyReply): Readable | null {
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return request.method === 'HEAD' ? Readable.from([]) : null;
}
