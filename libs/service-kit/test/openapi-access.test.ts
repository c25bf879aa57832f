import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testService } from './support.js';

describe('the OpenAPI document', () => {
  it("says who may call each operation in x-access, from the route's policy", async () => {
    const app = await testService({ openapi: { title: 'Test API' } });
    const body = { body: z.object({ name: z.string() }) };
    app.post('/things', { config: { policy: 'admin' }, schema: body }, async () => ({}));
    app.put('/mine', { config: { policy: 'signed-in' }, schema: body }, async () => ({}));
    app.get('/catalogue', { config: { policy: 'public' } }, async () => []);

    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();

    expect(document.paths['/things'].post['x-access']).toBe('admin');
    expect(document.paths['/mine'].put['x-access']).toBe('signed-in');
    expect(document.paths['/catalogue'].get['x-access']).toBe('public');
    await app.close();
  });
});
