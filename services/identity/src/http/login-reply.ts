import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginPageView } from './pages/login-page.js';
import { pageStyleHash } from './pages/page-styles.js';
import { renderPage, type PageName, type PageView } from './pages/render-page.js';

/**
 * Nothing loads from anywhere (no scripts at all), only this page's own style block applies, forms post only
 * here, and no other site may frame it (clickjacking a password form).
 */
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src ${pageStyleHash}`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function sendLoginPage(reply: FastifyReply, status: number, view: LoginPageView): FastifyReply {
  return sendPage(reply, status, 'login', view);
}

/** Any of the sign-in pages, never cached, under the policy above. */
export function sendPage<Name extends PageName>(
  reply: FastifyReply,
  status: number,
  name: Name,
  view: PageView<Name>,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', contentSecurityPolicy)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .send(renderPage(name, view));
}

/**
 * Login CSRF: another site must not be able to post its own credentials here and sign the victim into the
 * attacker's account. Browsers say where a request came from in Sec-Fetch-Site; the gateway serves the whole
 * app from one origin, so only 'same-origin' and 'none' (typed, bookmarked) are ours. Absent: an old browser or
 * a non-browser client, which SameSite cookies do not concern either.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}
