import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UnauthorizedError, isUnauthorizedError, readJson, sendJson } from '../src/index.js';
import { json, problem, stubFetch } from '@app/test-support/web';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every request (SPEC.md §7)', () => {
  it('sends credentials on reads and on writes with and without a body', async () => {
    const { calls } = stubFetch(() => json({}));
    await readJson('/api/products');
    await sendJson('POST', '/api/admin/products', { name: 'Ledger' });
    await sendJson('DELETE', '/api/admin/products/p1');
    expect(calls.map((call) => call.credentials)).toEqual(['include', 'include', 'include']);
  });

  it('sets a JSON content type and a JSON body only when there is a body', async () => {
    const { calls } = stubFetch(() => json({}));
    await readJson('/api/products');
    await sendJson('POST', '/api/admin/tenants/t1/credentials/dnsServer/reveal');
    await sendJson('PATCH', '/api/admin/users/u1', { firstName: 'Ada' });
    const [read, bodiless, withBody] = calls;
    expect(read?.headers.has('content-type')).toBe(false);
    expect(read?.body).toBeUndefined();
    expect(bodiless?.headers.has('content-type')).toBe(false);
    expect(bodiless?.body).toBeUndefined();
    expect(withBody?.headers.get('content-type')).toBe('application/json');
    expect(withBody?.body).toBe('{"firstName":"Ada"}');
  });

  it('reads with GET and parses the JSON answer', async () => {
    const { calls } = stubFetch(() => json([{ id: 'p1' }]));
    await expect(readJson('/api/products')).resolves.toEqual([{ id: 'p1' }]);
    expect(calls[0]?.method).toBe('GET');
  });

  it('answers undefined for a write whose answer has no body', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(sendJson('DELETE', '/api/admin/products/p1')).resolves.toBeUndefined();
  });
});

describe('a non-OK answer (SPEC.md §8)', () => {
  it('becomes an error "{status}: {text}"', async () => {
    stubFetch(() => new Response('Upstream timed out', { status: 504, statusText: 'Gateway Timeout' }));
    const error = await sendJson('POST', '/api/admin/users', { email: 'a@b.c' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('504: Upstream timed out');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    await expect(readJson('/api/admin/health')).rejects.toThrow(/^404: Not Found$/);
  });

  it('keeps the raw problem text in the message and the parsed problem on the error', async () => {
    const answer = problem(400, 'Slug is required', [{ path: 'slug', message: 'Slug is required' }]);
    const text = await answer.clone().text();
    stubFetch(() => answer);
    const error = (await sendJson('POST', '/api/admin/products', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(`400: ${text}`);
    expect(error.status).toBe(400);
    expect(error.problem?.detail).toBe('Slug is required');
    expect(error.problem?.errors).toEqual([{ path: 'slug', message: 'Slug is required' }]);
  });
});

describe('401', () => {
  it('on a read throws Unauthorized', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const error = await readJson('/api/subscriptions').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(isUnauthorizedError(error)).toBe(true);
    expect((error as Error).name).toBe('Unauthorized');
    expect((error as Error).message).toBe('401: Unauthorized');
  });

  it('answers null only where the read asks for it', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    await expect(readJson('/api/auth/user', { onUnauthorized: 'null' })).resolves.toBeNull();
  });

  it('other failures still throw where a 401 would answer null', async () => {
    stubFetch(() => new Response('down', { status: 503, statusText: 'Service Unavailable' }));
    await expect(readJson('/api/auth/user', { onUnauthorized: 'null' })).rejects.toThrow('503: down');
  });

  it('on a write is an error with status 401 too', async () => {
    stubFetch(() => problem(401, 'Sign in to continue.'));
    const error = await sendJson('POST', '/api/admin/users', {}).catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
    expect((error as ApiError).problem?.detail).toBe('Sign in to continue.');
  });
});
