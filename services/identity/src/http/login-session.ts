import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName, sessionCookieOptions, type CookieSecure } from '../sessions/session-cookie.js';
import type { SessionStore } from '../sessions/session-store.js';
import type { LoginContext } from './login-context.js';

/**
 * Ends whatever session the browser had and starts a new one: a fresh id at every sign-in, so an id planted
 * before sign-in (session fixation) is worth nothing after it. Then 303 to where the user was going.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { sessions: SessionStore; cookieSecure: CookieSecure; userId: string; returnTo: string },
): Promise<FastifyReply> {
  const { sessions } = options;
  const previous = request.cookies[sessionCookieName()];
  if (previous !== undefined) await sessions.revokeSession(previous);
  const created = await sessions.createSession(options.userId);
  const maxAge = Math.floor(sessions.settings.absoluteTtlMs / 1000);
  reply.setCookie(
    sessionCookieName(),
    created.token,
    sessionCookieOptions(request, options.cookieSecure, maxAge),
  );
  // The session's public id only; the token itself never reaches a log line.
  request.log.info({ userId: options.userId, sessionId: created.sessionId }, 'Signed in');
  return reply.header('cache-control', 'no-store').redirect(options.returnTo, 303);
}

/**
 * Sign-out: the server forgets the session (a copied cookie stops working too), the browser drops it; an admin's
 * view as a customer in it ends as left.
 */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<LoginContext, 'sessions' | 'cookieSecure' | 'leaveView'>,
): Promise<FastifyReply> {
  await options.leaveView?.(request, reply);
  const token = request.cookies[sessionCookieName()];
  if (token !== undefined) await options.sessions.revokeSession(token);
  reply.clearCookie(sessionCookieName(), sessionCookieOptions(request, options.cookieSecure));
  return reply.header('cache-control', 'no-store').redirect('/', 303);
}
