import type { FastifyRequest } from 'fastify';

/** The gateway reads this cookie and asks identity who it belongs to (POST /internal/sessions/resolve). */
export function sessionCookieName(): string {
  return 'sid';
}

/** 'auto': Secure when the browser's connection was TLS, as the gateway reports it in x-forwarded-proto. */
export type CookieSecure = 'auto' | boolean;

/**
 * Whether the browser reached us over TLS. The gateway sets x-forwarded-proto (its own view of the connection);
 * the first entry is the hop nearest the browser when several proxies appended theirs.
 */
export function isTlsRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https' || request.protocol === 'https';
}

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge?: number;
}

/**
 * HttpOnly (no script can read it), SameSite=Lax (not sent on cross-site POSTs or subresource requests, still
 * sent when a link brings the user here), Path=/ (the whole app), Max-Age = the session's absolute lifetime.
 */
export function sessionCookieOptions(
  request: FastifyRequest,
  secure: CookieSecure,
  maxAgeSeconds?: number,
): SessionCookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure === 'auto' ? isTlsRequest(request) : secure,
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}
