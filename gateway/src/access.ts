import type { Caller } from '@app/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Access } from './route-table.js';

export type { Caller };

/**
 * How the gateway learns who calls. The identity service will provide the session-cookie authenticator; until then
 * every caller is a visitor. Tests inject one that reads a test header. An authenticator must never trust
 * `request.caller`: service-kit fills that from the client's own `x-identity-token`, which the gateway discards.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Caller | null>;

export const anonymousAuthenticator: Authenticator = async () => null;

/** What the gateway tells a caching authenticator, so a cached session never outlives its sign-out or user. */
export interface SessionEvents {
  /** The gateway is passing a sign-out or the leaving of a view through: forget the request's session at once. */
  signedOut(request: FastifyRequest): void;
  /** Identity says the user changed (role) or was deactivated: forget every session of theirs. */
  userChanged(userId: string): void;
}

/**
 * The admin behind a view as a customer, as themselves (issue 21 item 3): whom a request that leaves the view
 * goes as. Identity answers a view only for a signed-in admin, so the role is known.
 */
export function viewerOf(caller: Caller): Caller {
  return caller.actor === undefined ? caller : { userId: caller.actor.userId, role: 'admin' };
}

export type AccessDecision = { allowed: true } | { allowed: false; status: 401 | 403; detail: string };

/** SPEC.md §6 roles at the edge; services check again from the identity token (defence in depth). */
export function checkAccess(access: Access, caller: Caller | null): AccessDecision {
  if (access === 'public') return { allowed: true };
  if (caller === null) return { allowed: false, status: 401, detail: 'Authentication required.' };
  if (access === 'admin' && caller.role !== 'admin') {
    return { allowed: false, status: 403, detail: 'Admin access required.' };
  }
  return { allowed: true };
}
