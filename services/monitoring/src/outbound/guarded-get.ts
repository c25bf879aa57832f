import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundError } from './outbound-error.js';
import type { ResolvedAddress, SsrfGuard } from './ssrf-guard.js';

export interface GuardedGetOptions {
  guard: SsrfGuard;
  headers: Record<string, string>;
  /** For the whole fetch: every lookup, redirect and the body. */
  timeoutMs: number;
  maxBytes: number;
  /** Default 3. */
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  /** Where the answer finally came from, after redirects. */
  url: string;
  /** Read only for 2xx answers; empty otherwise. */
  body: Buffer;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials: sent only to the origin they were meant for. */
const credentialHeaders = ['authorization', 'cookie'];

/**
 * GET through the SSRF guard: each URL, the first and every redirect target, is checked and then
 * connected to at the address the check validated; redirects are followed by hand, at most `maxRedirects`;
 * the body is streamed and abandoned once it passes `maxBytes`; one deadline covers everything. Credentials go
 * to the first URL's origin only, as fetch does, so a redirect elsewhere never carries the metrics key.
 * Never asks for compression, so the byte cap is the size in memory.
 */
export async function guardedGet(target: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const { guard, timeoutMs, maxBytes, maxRedirects = 3 } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const origin = new URL(target).origin;
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop += 1) {
      const checked = await beforeDeadline(guard.check(url), deadline.signal, timeoutMs);
      const headers: OutgoingHttpHeaders = { ...options.headers, 'accept-encoding': 'identity' };
      if (url.origin !== origin) for (const name of credentialHeaders) delete headers[name];
      const response = await send(url, headers, checked.pinned, deadline.signal);
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode ?? 0) && location !== undefined) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new OutboundError('redirect', `More than ${maxRedirects} redirects`, false);
        }
        url = nextUrl(url, location);
        continue;
      }
      const status = response.statusCode ?? 0;
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

function nextUrl(current: URL, location: string): URL {
  try {
    return new URL(location, current);
  } catch {
    throw new OutboundError('redirect', 'A redirect named an invalid URL', false);
  }
}

function send(
  url: URL,
  headers: OutgoingHttpHeaders,
  pinned: ResolvedAddress | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false, a fresh connection each time: a pooled socket would skip the lookup we pin.
    const request = client.request(
      url,
      { method: 'GET', headers, agent: false, signal, ...(pinned ? { lookup: pinnedLookup(pinned) } : {}) },
      resolve,
    );
    request.on('error', (error) =>
      reject(signal.aborted ? error : new OutboundError('network', describeNetworkError(error), true)),
    );
    request.end();
  });
}

/** Answers every lookup of this connection with the validated address (net asks with `all` on Node ≥ 20). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('network', `The answer broke off: ${describeNetworkError(error)}`, true);
  }
  return Buffer.concat(chunks);
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

function tooLarge(maxBytes: number): OutboundError {
  return new OutboundError('too-large', `The answer is larger than ${maxBytes} bytes`, false);
}

function timedOut(timeoutMs: number): OutboundError {
  return new OutboundError('timeout', `No complete answer within ${timeoutMs} ms`, true);
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
