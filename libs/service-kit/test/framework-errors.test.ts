import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceApp } from '../src/index.js';
import { testService } from './support.js';

const problemType = /^application\/problem\+json/;

describe("the router's own refusals", () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get(
      '/products/:id',
      { config: { policy: 'public' }, schema: { params: z.object({ id: z.string() }) } },
      async () => ({}),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a path segment over the length limit with a 414 problem that does not echo the path', async () => {
    const segment = 'a'.repeat(8_000);
    const response = await app.inject({ method: 'GET', url: `/products/${segment}` });

    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(problemType);
    expect(response.headers['x-request-id']).toBe(response.json().requestId);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:uri-too-long',
      title: 'URI Too Long',
      detail: 'A segment of the request path is longer than 100 characters.',
    });
    expect(response.body.length).toBeLessThan(1_000);
  });

  it.each([
    ['an encoded lone surrogate', '/products/%ED%A0%80'],
    ['a truncated escape', '/products/%E0%A4%A'],
    ['an invalid UTF-8 byte', '/products/%FF'],
  ])('answers %s in a path parameter with a 400 malformed-url problem', async (_case, url) => {
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(problemType);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:malformed-url',
      detail: 'The request URL is malformed.',
    });
  });

  it('cuts a huge unknown path where the 404 repeats it', async () => {
    const response = await app.inject({ method: 'GET', url: `/nowhere/${'b'.repeat(20_000)}` });

    expect(response.statusCode).toBe(404);
    expect(response.json().instance).toBe(`/nowhere/${'b'.repeat(503)}…`);
    expect(response.json().detail).toBe(`Route GET /nowhere/${'b'.repeat(503)}… not found.`);
    expect(response.body.length).toBeLessThan(1_500);
  });
});

describe("Node's and Fastify's refusals on the wire", () => {
  let app: ServiceApp;
  let port: number;
  let releaseSlow: () => void;
  let slowStarted: Promise<void>;

  beforeAll(async () => {
    app = await testService();
    const gate = new Promise<void>((resolve) => (releaseSlow = resolve));
    let started: () => void = () => undefined;
    slowStarted = new Promise((resolve) => (started = resolve));
    app.get('/slow', { config: { policy: 'public' } }, async () => {
      started();
      await gate;
      return { ok: true };
    });
    app.get('/fast', { config: { policy: 'public' } }, async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it.each([
    [
      'request headers over the size limit',
      431,
      'headers-too-large',
      `GET /fast HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    ['a request that is not HTTP', 400, 'malformed-request', 'NOT HTTP\r\n\r\n'],
  ])('answers %s with a %i problem', async (_case, status, slug, raw) => {
    const answer = parseResponse(await exchange(port, raw));

    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ type: `urn:problem:${slug}`, status });
  });

  // Last: it closes the app.
  it('refuses a request that arrives while the server closes with a 503 problem', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowStarted;

    // The in-flight request keeps this connection open through the close, so a second one can still arrive.
    const closed = app.close();
    await until(() => !app.server.listening);
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    releaseSlow();
    await until(() => (received.match(/HTTP\/1\.1 /g) ?? []).length === 2);
    socket.end();
    await closed;

    const second = parseResponse(received.slice(received.lastIndexOf('HTTP/1.1 ')));
    expect(second.status).toBe(503);
    expect(second.headers['content-type']).toMatch(problemType);
    expect(JSON.parse(second.body)).toMatchObject({
      type: 'urn:problem:service-unavailable',
      detail: 'The service is shutting down. Please try again.',
    });
  });
});

/** Writes `raw` to a new connection and reads until the server closes it. */
async function exchange(port: number, raw: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(raw);
  await new Promise((resolve) => socket.on('close', resolve));
  return received;
}

function parseResponse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
