import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpProblem, problemType } from '@app/service-kit';
import type { Authenticator, Caller, SessionEvents } from './access.js';
import { createSessionCache } from './session-cache.js';

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

export type SessionAuthenticator = Authenticator & SessionEvents;

/**
 * Who calls, from the session cookie, as identity resolves it (ARCHITECTURE.md "Gateway"). Answers are cached
 * briefly so a page's burst of API calls costs one lookup. A sign-out through the gateway drops its session at
 * once, and so do identity's user events (role change, deactivation) when the gateway hears them (NATS_URL);
 * otherwise a change reaches the gateway within `cacheTtlMs`. Identity being down is a 503 for routes that need a
 * caller; the proxy lets visitors through to public routes.
 */
export function createSessionAuthenticator(options: SessionAuthenticatorOptions): SessionAuthenticator {
  const fetchImpl = options.fetch ?? fetch;
  const cache = createSessionCache({ ttlMs: options.cacheTtlMs, now: options.now ?? Date.now });
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

  const authenticate = async (request: FastifyRequest) => {
    const sessionId = readCookie(request.headers.cookie, sessionCookieName);
    if (!sessionId) return null;
    const cached = cache.get(sessionId);
    if (cached !== undefined) return cached;
    const ticket = cache.ticket();
    const caller = await resolve(sessionId);
    cache.set(sessionId, caller, ticket);
    return caller;
  };

  return Object.assign(authenticate, {
    signedOut(request: FastifyRequest) {
      const sessionId = readCookie(request.headers.cookie, sessionCookieName);
      if (sessionId) cache.forgetSession(sessionId);
    },
    userChanged(userId: string) {
      cache.forgetUser(userId);
    },
  });
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
