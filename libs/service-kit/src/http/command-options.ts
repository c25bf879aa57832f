import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commandMetadata, type RequestMetadata } from './command-reply.js';
import { expectedRevisionFrom } from './revision-headers.js';

/** The headers of a command route that honours If-Match: the ETag the caller last saw, to fail on a stale copy. */
export const ifMatchHeadersSchema = z.object({ 'if-match': z.string().max(100).optional() });

/**
 * What a command route that honours If-Match hands its use case: the request's event metadata and, when the
 * caller sent If-Match, the revision it expects (a stale one fails with 412 instead of being retried).
 */
export function commandOptionsFrom(request: FastifyRequest): {
  metadata: RequestMetadata;
  expectedRevision: number | undefined;
} {
  return {
    metadata: commandMetadata(request),
    expectedRevision: expectedRevisionFrom(request.headers['if-match']),
  };
}
