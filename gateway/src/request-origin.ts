import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** The parts of a Fastify request these read (any server type's request has them). */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  protocol: string;
}

/**
 * The browser's address, which the gateway signs into the identity token for the services (sign-in throttling).
 * Without a trusted proxy only our own socket's peer (`ip`: the gateway's Fastify trusts no forwarding header).
 * Behind one (TRUST_PROXY), the last X-Forwarded-For entry: the one that proxy appended (or set) for the peer it
 * saw; anything before it was written by the client or by hops nobody vouches for.
 */
export function clientAddress(request: RequestLike & { ip: string }, trustProxy: boolean): string {
  if (trustProxy) {
    const header = request.headers['x-forwarded-for'];
    const last = (Array.isArray(header) ? header.join(',') : header)?.split(',').at(-1)?.trim();
    if (last !== undefined && isIP(last) !== 0) return last;
  }
  return request.ip;
}

/**
 * Whether the browser reached us over https. Without a trusted proxy only our own socket tells; behind one
 * (TRUST_PROXY), the first X-Forwarded-Proto entry, which the proxy nearest the browser wrote.
 */
export function clientProtocol(request: RequestLike, trustProxy: boolean): 'http' | 'https' {
  if (trustProxy) {
    const header = request.headers['x-forwarded-proto'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
    if (first === 'https' || first === 'http') return first;
  }
  return request.protocol === 'https' ? 'https' : 'http';
}

/**
 * The origin the browser sees this app at: PUBLIC_ORIGIN when configured, else the request's own Host header
 * with the client's protocol. Null when neither says (no Host header), so nothing can match it.
 */
export function publicOriginOf(
  request: RequestLike,
  options: { publicOrigin?: string | undefined; trustProxy: boolean },
): string | null {
  if (options.publicOrigin !== undefined) return options.publicOrigin;
  const host = request.headers.host;
  if (!host) return null;
  return originOf(`${clientProtocol(request, options.trustProxy)}://${host}`);
}

/** `scheme://host[:port]` normalised the way browsers write Origin (lower case, default port dropped), or null. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
