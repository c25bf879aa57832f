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
/** The cookie identity sets beside it when an admin views as a customer (services/identity/src/http/view-as). */
export const viewAsCookieName = 'vas';

const resolvedSchema = z.object({
  userId: z.string().min(1),
  role: z.enum(['admin', 'tenant']),
  email: z.string().optional(),
  tenantId: z.string().optional(),
  viewAs: z
    .object({
      sessionId: z.string().min(1),
      userId: z.string().min(1),
      role: z.enum(['admin', 'tenant']),
      email: z.string().optional(),
      expiresAt: z.iso.datetime({ offset: true }),
    })
    .optional(),
});

export type SessionAuthenticator = Authenticator & SessionEvents;

/**
 * Who calls, from the session cookie, as identity resolves it (ARCHITECTURE.md "Gateway"); with the `vas` cookie
 * of an admin's view as a customer, the customer with the admin as the actor (issue 21 item 3). Answers are cached
 * briefly so a page's burst of API calls costs one lookup. A sign-out through the gateway drops its session at
 * once, and so do identity's user events (role change, deactivation) when the gateway hears them (NATS_URL);
 * otherwise a change reaches the gateway within `cacheTtlMs`. Identity being down is a 503 for routes that need a
 * caller; the proxy lets visitors through to public routes.
 */
export function createSessionAuthenticator(options: SessionAuthenticatorOptions): SessionAuthenticator {
  const fetchImpl = options.fetch ?? fetch;
  const cache = createSessionCache({ ttlMs: options.cacheTtlMs, now: options.now ?? Date.now });
  const resolveUrl = new URL('/internal/sessions/resolve', options.identityUrl).toString();

  const now = options.now ?? Date.now;

  async function resolve(sessionId: string, viewAsSessionId: string | undefined): Promise<Resolved> {
    let response: Response;
    try {
      response = await fetchImpl(resolveUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-key': options.internalKey },
        body: JSON.stringify({ sessionId, ...(viewAsSessionId === undefined ? {} : { viewAsSessionId }) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw identityUnavailable();
    }
    if (response.status === 404) return { caller: null };
    if (!response.ok) throw identityUnavailable();
    const parsed = resolvedSchema.safeParse(await response.json());
    if (!parsed.success) throw identityUnavailable();
    const { userId, role, email, tenantId, viewAs } = parsed.data;
    if (viewAs === undefined) {
      return { caller: { userId, role, ...(email ? { email } : {}), ...(tenantId ? { tenantId } : {}) } };
    }
    // The customer, with the admin behind them (issue 21): their rights, minus every write.
    return {
      caller: {
        userId: viewAs.userId,
        role: viewAs.role,
        ...(viewAs.email ? { email: viewAs.email } : {}),
        actor: { userId, viewAsSessionId: viewAs.sessionId },
      },
      until: Date.parse(viewAs.expiresAt),
    };
  }

  const authenticate = async (request: FastifyRequest) => {
    const key = cacheKeyOf(request);
    if (key === undefined) return null;
    const cached = cache.get(key.cacheKey);
    if (cached !== undefined) return cached;
    const ticket = cache.ticket();
    const { caller, until } = await resolve(key.sessionId, key.viewAsSessionId);
    // A view is not kept past its expiry, however long the cache keeps sessions.
    if (until === undefined || until > now()) cache.set(key.cacheKey, caller, ticket, until);
    return caller;
  };

  return Object.assign(authenticate, {
    signedOut(request: FastifyRequest) {
      const key = cacheKeyOf(request);
      if (key === undefined) return;
      cache.forgetSession(key.cacheKey);
      cache.forgetSession(key.sessionId);
    },
    userChanged(userId: string) {
      cache.forgetUser(userId);
    },
  });
}

interface Resolved {
  caller: Caller | null;
  /** When the answer stops being true on its own: a view's expiry. */
  until?: number;
}

/**
 * The cookies that say who calls: the session, and a view as a customer in it when there is one. Both name the
 * cached answer, so leaving a view (the cookie gone) is a different answer at once.
 */
function cacheKeyOf(request: FastifyRequest) {
  const sessionId = readCookie(request.headers.cookie, sessionCookieName);
  if (!sessionId) return undefined;
  const viewAsSessionId = readCookie(request.headers.cookie, viewAsCookieName);
  return {
    sessionId,
    viewAsSessionId,
    cacheKey: viewAsSessionId === undefined ? sessionId : `${sessionId} ${viewAsSessionId}`,
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
