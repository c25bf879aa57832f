import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpProblem, problemType } from '@app/service-kit';
import type { Authenticator, Caller } from './access.js';

export interface SessionAuthenticatorOptions {
  identityUrl: string;
  /** Shared with identity; proves the resolve call comes from the gateway. */
  internalKey: string;
  /** How long a resolved session (or a rejected cookie) is trusted without asking identity again. */
  cacheTtlMs: number;
  timeoutMs: number;
  now?: () => number;
  fetch?: typeof fetch;
}

/** The session cookie identity sets at sign-in (services/identity/src/sessions). */
export const sessionCookieName = 'sid';

const resolvedSchema = z.object({
  userId: z.string().min(1),
  role: z.enum(['admin', 'tenant']),
  email: z.string().optional(),
  tenantId: z.string().optional(),
});

const maxCacheEntries = 10_000;

/**
 * Who calls, from the session cookie, as identity resolves it (ARCHITECTURE.md "Gateway"). Answers are cached
 * briefly so a page's burst of API calls costs one lookup; a sign-out or role change therefore reaches the
 * gateway within `cacheTtlMs`. Identity being down is a 503 for routes that need a caller; the proxy lets
 * visitors through to public routes.
 */
export function createSessionAuthenticator(options: SessionAuthenticatorOptions): Authenticator {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? fetch;
  const cache = new Map<string, { caller: Caller | null; until: number }>();
  const resolveUrl = new URL('/internal/sessions/resolve', options.identityUrl).toString();

  async function resolve(sessionId: string): Promise<Caller | null> {
    let response: Response;
    try {
      response = await fetchImpl(resolveUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-key': options.internalKey },
        body: JSON.stringify({ sessionId }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw identityUnavailable();
    }
    if (response.status === 404) return null;
    if (!response.ok) throw identityUnavailable();
    const parsed = resolvedSchema.safeParse(await response.json());
    if (!parsed.success) throw identityUnavailable();
    const { userId, role, email, tenantId } = parsed.data;
    return { userId, role, ...(email ? { email } : {}), ...(tenantId ? { tenantId } : {}) };
  }

  return async (request: FastifyRequest) => {
    const sessionId = readCookie(request.headers.cookie, sessionCookieName);
    if (!sessionId) return null;
    const cached = cache.get(sessionId);
    if (cached && cached.until > now()) return cached.caller;
    const caller = await resolve(sessionId);
    if (cache.size >= maxCacheEntries) cache.clear();
    cache.set(sessionId, { caller, until: now() + options.cacheTtlMs });
    return caller;
  };
}

function identityUnavailable(): HttpProblem {
  return new HttpProblem(
    503,
    'Identity service is unavailable, so your session cannot be checked right now.',
    {
      type: problemType('upstream-unavailable'),
    },
  );
}

/** One cookie's value from a Cookie header; a full parser would read every cookie of every request. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
