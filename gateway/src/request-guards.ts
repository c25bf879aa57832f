import { HttpProblem, problemType } from '@app/service-kit';
import type { FastifyRequest } from 'fastify';
import { originOf, publicOriginOf } from './request-origin.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginOptions {
  publicOrigin?: string | undefined;
  trustProxy: boolean;
}

/**
 * CSRF defence besides the session cookie's SameSite=Lax (OWASP CSRF Prevention: verifying origin with standard
 * headers). An unsafe request must come from our own origin: its Origin header must be ours; without Origin,
 * its Referer must be; with neither, it is refused when it carries cookies. A request without any cookie carries
 * no session the gateway could act on, so it cannot be forged on a user's behalf: API clients and webhooks
 * need neither header. `Origin: null` (sandboxed frames, some redirects) is never ours.
 */
export function assertSameOrigin(request: FastifyRequest, options: OriginOptions): void {
  if (!unsafeMethods.has(request.method)) return;
  const expected = publicOriginOf(request, options);
  const origin = single(request.headers.origin);
  const referer = single(request.headers.referer);
  if (origin !== undefined) {
    if (expected !== null && originOf(origin) === expected) return;
    throw crossSite('The request came from another site.');
  }
  if (referer !== undefined) {
    if (expected !== null && originOf(referer) === expected) return;
    throw crossSite('The request came from another site.');
  }
  if (request.headers.cookie === undefined) return;
  throw crossSite('The request does not say where it came from (no Origin or Referer header).');
}

/**
 * The JSON routes take JSON bodies only. A browser can send a form or text/plain body to another site without
 * asking first; application/json needs a CORS preflight that we never grant, so this closes the classic
 * "form post to a JSON API" CSRF hole too. Routes that take the sign-in forms say so in the route table.
 */
export function assertJsonBody(request: FastifyRequest, acceptsForms: boolean): void {
  if (!unsafeMethods.has(request.method) || acceptsForms || !hasBody(request)) return;
  const type = single(request.headers['content-type'])?.split(';', 1)[0]?.trim().toLowerCase();
  if (type === 'application/json') return;
  throw new HttpProblem(415, 'Send the request body as JSON (Content-Type: application/json).', {
    type: problemType('unsupported-media-type'),
  });
}

function hasBody(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(request.headers['content-length'] ?? 0);
  return !Number.isNaN(length) && length > 0;
}

function crossSite(detail: string): HttpProblem {
  return new HttpProblem(403, detail, { type: problemType('cross-site-request') });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
