import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../src/index.js';
import { errorDescription, fieldErrors, sendJson } from '../src/index.js';
import { problem, stubFetch } from '@app/test-support/web';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failureOf(response: Response): Promise<unknown> {
  stubFetch(() => response);
  return sendJson('POST', '/api/admin/users', {}).catch((error: unknown) => error);
}

describe('the toast description of a failed call (ARCHITECTURE.md "Decisions": Errors)', () => {
  it("is the problem's detail", async () => {
    const error = await failureOf(problem(409, 'A user with this email already exists.'));
    expect(errorDescription(error)).toBe('A user with this email already exists.');
  });

  it('is the plain body text when the answer is not a problem', async () => {
    const error = await failureOf(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    expect(errorDescription(error)).toBe('Bad gateway');
  });

  it('is the status text when the body is JSON but not a problem, or empty', async () => {
    const jsonError = await failureOf(
      new Response('{"oops":true}', {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect((jsonError as ApiError).problem).toBeUndefined();
    expect(errorDescription(jsonError)).toBe('Internal Server Error');
    const empty = await failureOf(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(errorDescription(empty)).toBe('Service Unavailable');
  });

  it("is a network failure's own message", () => {
    expect(errorDescription(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('problem bodies', () => {
  it('are read only from a JSON content type', async () => {
    const body = JSON.stringify({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'Taken' });
    const error = (await failureOf(
      new Response(body, { status: 409, headers: { 'content-type': 'text/plain' } }),
    )) as ApiError;
    expect(error.problem).toBeUndefined();
  });

  it("give a 400's field messages by path", async () => {
    const error = await failureOf(
      problem(400, 'The request is invalid', [
        { path: 'slug', message: 'Slug is required' },
        { path: 'basePrice', message: 'Price must be positive' },
      ]),
    );
    expect(fieldErrors(error)).toEqual({ slug: 'Slug is required', basePrice: 'Price must be positive' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
