import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceApp } from '../src/index.js';
import { testService } from './support.js';

/** What each route's handler received: a refused request must never get this far. */
const handled: unknown[] = [];

describe('text Postgres cannot store', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.post(
      '/products/:id',
      {
        config: { policy: 'public' },
        schema: {
          params: z.object({ id: z.string() }),
          querystring: z.object({ note: z.string().optional() }),
          body: z.object({ name: z.string(), features: z.array(z.string()).optional() }),
        },
      },
      async (request) => {
        handled.push(request.body);
        return { ok: true };
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: string, url = '/products/p-1') =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });

  it.each([
    ['a null character', '"a\\u0000b"'],
    ['a high surrogate alone', '"\\ud800"'],
    ['a low surrogate alone', '"\\udc00"'],
    ['a reversed pair', '"\\udc00\\ud800"'],
    ['a high surrogate at the end', '"Risk\\ud83d"'],
  ])(
    'refuses %s in a body field with a 400 naming the field, before the handler runs',
    async (_case, name) => {
      const before = handled.length;
      const response = await post(`{"name":${name}}`);

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        type: 'urn:problem:unstorable-text',
        status: 400,
        detail:
          'The field "name" contains a character that cannot be saved (a null character or half of a surrogate pair). Remove it and try again.',
        errors: [{ path: 'name', message: expect.stringContaining('cannot be saved') }],
      });
      expect(handled).toHaveLength(before);
    },
  );

  it('names a nested field as schema failures do, and counts the other fields in the detail', async () => {
    const response = await post('{"name":"\\u0000","features":["ok","\\ud800"]}');

    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'features.1',
      'name',
    ]);
    expect(response.json().detail).toMatch(/^The field "features.1" and 1 more field contain a character/);
  });

  it('refuses it in the query string and in a path parameter, naming the parameter', async () => {
    const inQuery = await post('{"name":"ok"}', '/products/p-1?note=%00');
    const inPath = await post('{"name":"ok"}', '/products/a%00b');

    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ type: 'urn:problem:unstorable-text', errors: [{ path: 'note' }] });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ type: 'urn:problem:unstorable-text', errors: [{ path: 'id' }] });
  });

  it('refuses it even where the rest of the body is invalid, so the field is always named', async () => {
    const response = await post('{"name":"\\u0000","features":"not a list"}');

    expect(response.json()).toMatchObject({
      type: 'urn:problem:unstorable-text',
      errors: [{ path: 'name' }],
    });
  });

  it('lets well-formed text through, emoji and other control characters included', async () => {
    const response = await post('{"name":"Launch \\ud83d\\ude80\\u0001","features":["\\t"]}');

    expect(response.statusCode).toBe(200);
    expect(handled.at(-1)).toEqual({ name: 'Launch 🚀\u0001', features: ['\t'] });
  });
});
