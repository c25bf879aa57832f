import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '@app/test-support/local-server';
import { guardedRequest } from '../src/guarded-request.js';
import { createSsrfGuard, type SsrfGuard } from '../src/ssrf-guard.js';

type Server = Awaited<ReturnType<typeof startLocalServer>>;
let app: Server;
let other: Server;
const received: Array<{ server: string; method: string; body: string; signature?: string }> = [];

beforeAll(async () => {
  other = await startLocalServer((server) => {
    server.post('/hook', async (request) => {
      received.push({ server: 'other', method: 'POST', body: JSON.stringify(request.body) });
      return { ok: true };
    });
  });
  app = await startLocalServer((server) => {
    server.post('/hook', async (request) => {
      const signature = request.headers['webhook-signature'] as string | undefined;
      received.push({ server: 'app', method: 'POST', body: JSON.stringify(request.body), signature });
      return { received: true };
    });
    server.get('/hook', async () => {
      received.push({ server: 'app', method: 'GET', body: '' });
      return { ok: true };
    });
    server.post('/moved', async (request, reply) =>
      reply.redirect((request.query as { url: string }).url, 308),
    );
    server.post('/see-other', async (_request, reply) => reply.redirect('/hook', 303));
    server.post('/broken', async (_request, reply) => reply.code(500).send('x'.repeat(5_000)));
  });
});
afterAll(async () => {
  await app?.close();
  await other?.close();
});

const onlyApp = (): SsrfGuard => createSsrfGuard({ allowHosts: [`127.0.0.1:${app.port}`] });

const post = (url: string, guard: SsrfGuard = onlyApp()) =>
  guardedRequest(url.startsWith('http') ? url : `${app.origin}${url}`, {
    guard,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-signature': 'v1,abc' },
    body: JSON.stringify({ type: 'invoice.paid' }),
    timeoutMs: 2_000,
    maxBytes: 64,
    read: 'excerpt',
  });

describe('guardedRequest with a body', () => {
  it('posts the body and headers and reads the answer', async () => {
    const before = received.length;
    const response = await post('/hook');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ received: true });
    expect(received.slice(before)).toEqual([
      { server: 'app', method: 'POST', body: '{"type":"invoice.paid"}', signature: 'v1,abc' },
    ]);
  });

  it('follows a 308 with the same method and body, re-checking the target', async () => {
    const before = received.length;
    const response = await post(`/moved?url=${encodeURIComponent('/hook')}`);
    expect(response.status).toBe(200);
    expect(received.slice(before)).toMatchObject([
      { server: 'app', method: 'POST', body: '{"type":"invoice.paid"}' },
    ]);

    await expect(post(`/moved?url=${encodeURIComponent(`${other.origin}/hook`)}`)).rejects.toMatchObject({
      kind: 'refused',
    });
    expect(received.filter((entry) => entry.server === 'other')).toEqual([]);
  });

  it('answers a 303 rather than turning the POST into a GET without its body', async () => {
    const before = received.length;
    const response = await post('/see-other');
    expect(response.status).toBe(303);
    expect(received.length).toBe(before);
  });

  it("keeps an excerpt of a failed answer's body, cut at the cap", async () => {
    const response = await post('/broken');
    expect(response.status).toBe(500);
    expect(response.body.toString()).toBe('x'.repeat(64));
  });

  it('refuses a private address before sending anything', async () => {
    const before = received.length;
    await expect(post(`${other.origin}/hook`)).rejects.toMatchObject({
      kind: 'refused',
      message: /loopback/,
    });
    await expect(post('http://10.0.0.7/hook')).rejects.toMatchObject({ kind: 'refused', message: /private/ });
    expect(received.length).toBe(before);
  });
});
