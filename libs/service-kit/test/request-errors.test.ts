import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceApp } from '../src/index.js';
import { testService } from './support.js';

describe('request errors', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService({ bodyLimit: 200 });
    app.post(
      '/products',
      {
        config: { policy: 'public' },
        schema: {
          body: z.object({
            name: z.string({ error: 'Product name is required' }).min(1, 'Product name is required'),
            basePrice: z.number({ error: 'Base price must be a number' }),
          }),
        },
      },
      async (request) => ({ name: request.body.name }),
    );
    app.get(
      '/products/:id',
      {
        config: { policy: 'public' },
        schema: { params: z.object({ id: z.uuid('Product id must be a UUID') }) },
      },
      async () => ({}),
    );
    app.get(
      '/search',
      {
        config: { policy: 'public' },
        schema: { querystring: z.object({ limit: z.coerce.number().int('Limit must be a whole number') }) },
      },
      async () => ({}),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('turns zod body failures into a 400 whose detail is the first message and errors lists each field', async () => {
    const response = await app.inject({ method: 'POST', url: '/products', payload: { name: '' } });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'urn:problem:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'Product name is required',
      instance: '/products',
      requestId: response.headers['x-request-id'],
      errors: [
        { path: 'name', message: 'Product name is required' },
        { path: 'basePrice', message: 'Base price must be a number' },
      ],
    });
  });

  it('reports params and querystring failures by field', async () => {
    const params = await app.inject({ method: 'GET', url: '/products/not-a-uuid' });
    const query = await app.inject({ method: 'GET', url: '/search?limit=1.5' });

    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ detail: 'Product id must be a UUID', errors: [{ path: 'id' }] });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      detail: 'Limit must be a whole number',
      errors: [{ path: 'limit' }],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:malformed-body',
      detail: 'The request body is not valid JSON.',
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/products',
      payload: { name: 'x'.repeat(500), basePrice: 1 },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, title: 'Payload Too Large' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/products',
      headers: { 'content-type': 'application/xml' },
      payload: '<product/>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere?x=1' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      status: 404,
      detail: 'Route GET /nowhere not found.',
      instance: '/nowhere?x=1',
    });
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'x-request-id': 'gw-123.abc_X' },
    });
    const replaced = await app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'x-request-id': 'bad id\n' },
    });

    expect(kept.headers['x-request-id']).toBe('gw-123.abc_X');
    expect(kept.json().requestId).toBe('gw-123.abc_X');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
