import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundError } from './outbound-error.js';
import type { ResolvedAddress } from './ssrf-guard.js';

/** One HTTP exchange of a guarded request: no redirects, no deadline of its own (the caller's signal is it). */
export interface Exchange {
  url: URL;
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer | null;
  pinned: ResolvedAddress | null;
  signal: AbortSignal;
}

export function send({ url, method, headers, body, pinned, signal }: Exchange): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const sized = body === null ? headers : { ...headers, 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    // agent: false, a fresh connection each time: a pooled socket would skip the lookup we pin.
    const request = client.request(
      url,
      { method, headers: sized, agent: false, signal, ...(pinned ? { lookup: pinnedLookup(pinned) } : {}) },
      resolve,
    );
    request.on('error', (error) =>
      reject(signal.aborted ? error : new OutboundError('network', describeNetworkError(error), true)),
    );
    request.end(body ?? undefined);
  });
}

/** Answers every lookup of this connection with the validated address (net asks with `all` on Node ≥ 20). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** The whole body, refused once it passes `maxBytes` (declared or streamed). */
export async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  return collect(response, maxBytes, () => {
    throw tooLarge(maxBytes);
  });
}

/** The first `maxBytes` of the body, whatever its size: the rest is never read. */
export function readExcerpt(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return collect(response, maxBytes, () => undefined);
}

async function collect(response: IncomingMessage, maxBytes: number, onOverflow: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        response.destroy();
        onOverflow();
        break;
      }
      size += chunk.length;
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('network', `The answer broke off: ${describeNetworkError(error)}`, true);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): OutboundError {
  return new OutboundError('too-large', `The answer is larger than ${maxBytes} bytes`, false);
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
