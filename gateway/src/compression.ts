import type { Readable } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { weakEtag } from '@app/service-kit';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** Answers smaller than this go out uncompressed: below it, compression saves too little to be worth it. */
const compressionThreshold = 1024;

/**
 * Services answer uncompressed; the gateway compresses answers of 1 KB and more, in brotli or gzip, for clients
 * that accept it. Register it in the proxy's scope, before its route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // @fastify/compress applies its threshold only to buffers, and a proxied answer is a stream: one the service says
  // is smaller is read whole first (it is under 1 KB), so small answers go out as they came. A 304 has no body
  // (RFC 9110 §15.4.5): its empty stream is dropped, so nothing encodes it or says it is encoded.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isStream(payload)) return payload;
    if (reply.statusCode === 304) {
      payload.resume();
      return null;
    }
    const length = Number(reply.getHeader('content-length'));
    return length < compressionThreshold ? Buffer.concat(await payload.toArray()) : payload;
  });
  // Brotli at quality 4 rather than the default 11: answers are made per request, and 11 costs more CPU than it
  // saves bytes.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: compressionThreshold,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // @fastify/compress encodes in a hook of each route, added as the route is; this one is added after it, so it runs
  // after it too.
  app.addHook('onRoute', (route) => {
    route.onSend = [...hooksOf(route.onSend), weakenEncodedEtag];
  });
}

/**
 * An encoded answer's bytes are not the service's, so a strong ETag the service gave them must not describe both
 * (RFC 9110 §8.8.1): the gateway weakens it, as nginx does. A service's weak content tags stay as they are; a
 * revision tag read back as If-Match still parses (expectedRevisionFrom takes W/).
 */
const weakenEncodedEtag: onSendHookHandler = async (_request, reply, payload) => {
  const etag = reply.getHeader('etag');
  const encoding = reply.getHeader('content-encoding');
  if (typeof etag === 'string' && encoding !== undefined && encoding !== 'identity') {
    reply.header('etag', weakEtag(etag));
  }
  return payload;
};

function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

export function isStream(body: unknown): body is Readable {
  return typeof (body as { pipe?: unknown } | null)?.pipe === 'function';
}
