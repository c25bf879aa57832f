import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet } from '../src/guarded-request.js';
import { createSsrfGuard, type ResolvedAddress, type SsrfGuard } from '../src/ssrf-guard.js';
import { startLocalServer } from '@app/test-support/local-server';

type Server = Awaited<ReturnType<typeof startLocalServer>>;
let app: Server;
let other: Server;
const seenAuthorization: Array<string | undefined> = [];

beforeAll(async () => {
  other = await startLocalServer((server) => {
    server.get('/echo', async (request) => {
      seenAuthorization.push(request.headers.authorization);
      return { ok: true };
    });
  });
  app = await startLocalServer((server) => {
    server.get('/ok', async () => ({ ok: true }));
    server.get('/to', async (request, reply) => reply.redirect((request.query as { url: string }).url, 302));
    server.get('/loop', async (_request, reply) => reply.redirect('/loop', 307));
    server.get('/status', async (_request, reply) => reply.code(503).send({ busy: true }));
    server.get('/declared-huge', async (_request, reply) =>
      reply.header('content-type', 'application/json').send(Buffer.alloc(5_000, 32)),
    );
    server.get('/streamed-huge', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      for (let index = 0; index < 20; index += 1) reply.raw.write(Buffer.alloc(1_000, 32));
      reply.raw.end();
      return reply;
    });
    server.get('/stall', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write('{"partial":');
      return reply;
    });
  });
});
afterAll(async () => {
  await app?.close();
  await other?.close();
});

/** Only the test server's own port is allow-listed, the way the embedded demo lists its demo app. */
function guardFor(table: Record<string, string[]> = {}): SsrfGuard {
  return createSsrfGuard({
    allowHosts: [`127.0.0.1:${app.port}`],
    resolve: async (host): Promise<ResolvedAddress[]> =>
      (table[host] ?? []).map((address) => ({ address, family: 4 })),
  });
}

const get = (path: string, options: { guard?: SsrfGuard; maxBytes?: number; timeoutMs?: number } = {}) =>
  guardedGet(path.startsWith('http') ? path : `${app.origin}${path}`, {
    guard: options.guard ?? guardFor(),
    headers: { authorization: 'Bearer secret-key' },
    timeoutMs: options.timeoutMs ?? 2_000,
    maxBytes: options.maxBytes ?? 1_024,
  });

describe('guardedGet', () => {
  it('fetches from an allow-listed host', async () => {
    const response = await get('/ok');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true });
  });

  it.each([
    ['a loopback address on another port', () => `http://127.0.0.1:${other.port}/echo`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to a private address', () => 'http://internal.tenant.example/admin'],
    ['a name that resolves to CGNAT', () => 'http://cgnat.tenant.example/'],
    ['an IPv4-mapped IPv6 literal', () => 'http://[::ffff:10.0.0.1]/'],
    ['localhost', () => `http://localhost:${other.port}/echo`],
  ])('refuses a redirect to %s', async (_label, target) => {
    const guard = guardFor({
      'internal.tenant.example': ['10.0.0.7'],
      'cgnat.tenant.example': ['100.64.0.9'],
    });
    const before = seenAuthorization.length;
    await expect(get(`/to?url=${encodeURIComponent(target())}`, { guard })).rejects.toMatchObject({
      kind: 'refused',
    });
    expect(seenAuthorization.length).toBe(before);
  });

  it('follows at most 3 redirects', async () => {
    await expect(get('/loop')).rejects.toMatchObject({ kind: 'redirect', message: 'More than 3 redirects' });
  });

  it('connects to the address the guard validated, not to a fresh lookup of the name', async () => {
    // "pinned.test" resolves nowhere; only the pinned address can connect it.
    const pinning: SsrfGuard = { check: async () => ({ pinned: { address: '127.0.0.1', family: 4 } }) };
    const response = await guardedGet(`http://pinned.test:${other.port}/echo`, {
      guard: pinning,
      headers: {},
      timeoutMs: 2_000,
      maxBytes: 1_024,
    });
    expect(response.status).toBe(200);
  });

  it('sends the key to the first origin only, never after a redirect elsewhere', async () => {
    const both = createSsrfGuard({ allowHosts: [`127.0.0.1:${app.port}`, `127.0.0.1:${other.port}`] });
    const before = seenAuthorization.length;
    const response = await get(`/to?url=${encodeURIComponent(`${other.origin}/echo`)}`, { guard: both });
    expect(response.status).toBe(200);
    expect(seenAuthorization.slice(before)).toEqual([undefined]);
    await get(`${other.origin}/echo`, { guard: both });
    expect(seenAuthorization.at(-1)).toBe('Bearer secret-key');
  });

  it('returns a non-2xx status without reading the body', async () => {
    const response = await get('/status');
    expect(response).toMatchObject({ status: 503, body: Buffer.alloc(0) });
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    await expect(get('/declared-huge')).rejects.toMatchObject({ kind: 'too-large' });
    await expect(get('/streamed-huge', { maxBytes: 5_000 })).rejects.toMatchObject({ kind: 'too-large' });
  });

  it('gives up on an answer that stalls, at the deadline', async () => {
    const started = performance.now();
    await expect(get('/stall', { timeoutMs: 300 })).rejects.toMatchObject({
      kind: 'timeout',
      retryable: true,
    });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('reports a refused connection as a retryable network failure', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const guard = createSsrfGuard({ allowHosts: [`127.0.0.1:${closed.port}`] });
    await expect(get(`${closed.origin}/`, { guard })).rejects.toMatchObject({
      kind: 'network',
      retryable: true,
    });
  });
});
