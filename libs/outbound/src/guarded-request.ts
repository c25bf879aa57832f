import type { OutgoingHttpHeaders } from 'node:http';
import { readCapped, readExcerpt, send } from './http-exchange.js';
import { OutboundError } from './outbound-error.js';
import type { SsrfGuard } from './ssrf-guard.js';

export interface GuardedRequestOptions {
  guard: SsrfGuard;
  /** Default GET; a POST carries `body`. */
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  /** For the whole request: every lookup, redirect and the body. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * `success` (default): the body of a 2xx answer, refused past `maxBytes`, and none of any other.
   * `excerpt`: the first `maxBytes` of any answer's body, for a log of what the other side said.
   */
  read?: 'success' | 'excerpt';
  /** Default 3. */
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  /** Where the answer finally came from, after redirects. */
  url: string;
  body: Buffer;
}

export type GuardedGetOptions = Omit<GuardedRequestOptions, 'method' | 'body' | 'read'>;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** The redirects that keep the method and body; the others would turn a POST into a GET without its body. */
const methodKeeping = new Set([307, 308]);
/** Headers that carry credentials: sent only to the origin they were meant for. */
const credentialHeaders = ['authorization', 'cookie'];

/**
 * An HTTP request through the SSRF guard: each URL, the first and every redirect target, is checked and then
 * connected to at the address the check validated; redirects are followed by hand, at most `maxRedirects`; the
 * body is streamed and abandoned once it passes `maxBytes`; one deadline covers everything. Credentials go to the
 * first URL's origin only, as fetch does, so a redirect elsewhere never carries a key. A POST follows only the
 * redirects that keep it a POST (307, 308); a 301, 302 or 303 to it is the answer, since following it would
 * report a GET's success for a body that was never delivered. Never asks for compression, so the byte cap is the
 * size in memory.
 */
export async function guardedRequest(
  target: string,
  options: GuardedRequestOptions,
): Promise<GuardedResponse> {
  const { guard, timeoutMs, maxBytes, method = 'GET', read = 'success', maxRedirects = 3 } = options;
  const body = options.body === undefined ? null : Buffer.from(options.body);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const origin = new URL(target).origin;
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop += 1) {
      const checked = await beforeDeadline(guard.check(url), deadline.signal, timeoutMs);
      const headers: OutgoingHttpHeaders = { ...options.headers, 'accept-encoding': 'identity' };
      if (url.origin !== origin) for (const name of credentialHeaders) delete headers[name];
      const response = await send({
        url,
        method,
        headers,
        body,
        pinned: checked.pinned,
        signal: deadline.signal,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location !== undefined && followable(method, status)) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new OutboundError('redirect', `More than ${maxRedirects} redirects`, false);
        }
        url = nextUrl(url, location);
        continue;
      }
      if (read === 'excerpt')
        return { status, url: url.toString(), body: await readExcerpt(response, maxBytes) };
      if (status < 200 || status >= 300) {
        response.destroy();
        return { status, url: url.toString(), body: Buffer.alloc(0) };
      }
      return { status, url: url.toString(), body: await readCapped(response, maxBytes) };
    }
  } catch (error) {
    // Whatever broke once the deadline passed (a reset socket, a cut-off body) broke because of it.
    const decided = error instanceof OutboundError && error.kind !== 'network';
    if (deadline.signal.aborted && !decided) throw timedOut(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A GET through the guard: a 2xx answer's body, capped (monitoring's scrape). */
export function guardedGet(target: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  return guardedRequest(target, options);
}

function followable(method: string, status: number): boolean {
  return method === 'GET' || methodKeeping.has(status);
}

function nextUrl(current: URL, location: string): URL {
  try {
    return new URL(location, current);
  } catch {
    throw new OutboundError('redirect', 'A redirect named an invalid URL', false);
  }
}

/** A lookup (which cannot be cancelled) raced against the deadline. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  if (signal.aborted) return Promise.reject(timedOut(timeoutMs));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timedOut(timeoutMs));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function timedOut(timeoutMs: number): OutboundError {
  return new OutboundError('timeout', `No complete answer within ${timeoutMs} ms`, true);
}
