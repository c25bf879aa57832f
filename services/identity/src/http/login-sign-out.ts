import type { FastifyReply, FastifyRequest } from 'fastify';
import { isTlsRequest, sessionCookieName } from '../sessions/session-cookie.js';
import type { LoginContext } from './login-context.js';
import { isCrossSite, sendPage } from './login-reply.js';
import { endSession } from './login-session.js';

export const signOutMessages = {
  crossSite: 'Signing out can only be confirmed on this site. Use the Log out link in the app.',
} as const;

/**
 * GET /api/logout, the navigation SPEC.md §2 names. Our own pages' link, or the address typed in, signs out at
 * once. Any other site could put that link in a page and sign a visitor out, so a link from elsewhere gets a page
 * asking to confirm instead: friendlier than a refusal for someone who did mean to sign out (from a bookmark in a
 * browser that says nothing, a link in our own e-mail), and worth nothing to the other site.
 */
export async function followSignOutLink(
  context: LoginContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // Without a session there is nothing to end, so nothing another site could end either.
  const signedIn = request.cookies[sessionCookieName()] !== undefined;
  if (!signedIn || isOwnNavigation(request)) return endSession(request, reply, context);
  request.log.info(
    { secFetchSite: request.headers['sec-fetch-site'] ?? null },
    'Sign-out link followed from elsewhere: asking to confirm',
  );
  return sendPage(reply, 200, 'signOut', { productName: context.productName });
}

/**
 * POST /api/logout, the confirmation page's button. The gateway already refuses a cross-site POST by its Origin
 * (request-guards.ts), and SameSite=Lax keeps the cookie off one anyway; this is the same check once more here.
 */
export async function confirmSignOut(
  context: LoginContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (isCrossSite(request)) {
    const page = { productName: context.productName, title: 'Sign out', message: signOutMessages.crossSite };
    return sendPage(reply, 403, 'message', page);
  }
  return endSession(request, reply, context);
}

/**
 * Whether the browser says this navigation started on our own origin or with the user (typed, bookmarked):
 * Sec-Fetch-Site where it sends one; otherwise Origin, then Referer, against the origin the gateway was asked
 * for. A browser that names neither is not taken at its word: it gets the confirmation.
 */
function isOwnNavigation(request: FastifyRequest): boolean {
  const site = single(request.headers['sec-fetch-site']);
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const source = single(request.headers.origin) ?? single(request.headers.referer);
  const ours = requestedOrigin(request);
  return source !== undefined && ours !== undefined && originOf(source) === ours;
}

/** The origin the browser asked for: the gateway passes its Host on as x-forwarded-host, its scheme as -proto. */
function requestedOrigin(request: FastifyRequest): string | undefined {
  const host = single(request.headers['x-forwarded-host']) ?? request.headers.host;
  return host === undefined ? undefined : originOf(`${isTlsRequest(request) ? 'https' : 'http'}://${host}`);
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
