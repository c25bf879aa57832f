/**
 * One GET through the gateway as a browser sends it (asking for brotli or gzip), timed from the request to the
 * last byte, with the bytes as they crossed the wire. Decoding is left to the caller, once per measurement, so it
 * is not in the time.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One kept-alive connection: a sequential client, as a browser tab's fetches to one origin mostly are. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
  status: number;
  ms: number;
  /** The body's bytes as sent, compressed or not. */
  wire: Buffer;
  encoding: string | null;
  /** The `Link: <…>; rel="next"` address, absolute; null on the last page (or an unpaged list). */
  next: string | null;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip', accept: 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            wire: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'] ?? null,
            next: nextLink([response.headers.link ?? []].flat().join(', '), url),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The body as the service wrote it. */
export function decodedBody(answer: Answer): Buffer {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.wire);
  if (answer.encoding === 'gzip') return gunzipSync(answer.wire);
  return answer.wire;
}

/** The rel="next" target of an RFC 8288 Link header, resolved against the request's address. */
export function nextLink(header: string | undefined, base: string): string | null {
  if (!header) return null;
  for (const link of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (match && /;\s*rel="?next"?/i.test(match[2] ?? '')) return new URL(match[1] ?? '', base).toString();
  }
  return null;
}
