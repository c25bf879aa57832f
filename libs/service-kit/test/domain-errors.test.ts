import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConcurrencyError,
  ConflictError,
  IllegalStateError,
  NotFoundError,
  PreconditionFailedError,
  TooLargeError,
  ValidationError,
} from '@app/domain';
import { HttpProblem, type ServiceApp } from '../src/index.js';
import { logCapture, testService } from './support.js';

const domainErrors = {
  validation: () =>
    new ValidationError('Price must be positive', [{ path: 'basePrice', message: 'Price must be positive' }]),
  'not-found': () => new NotFoundError('Product not found'),
  conflict: () => new ConflictError('Slug already taken'),
  'illegal-state': () => new IllegalStateError('Product is already active'),
  concurrency: () => new ConcurrencyError('catalog_product-1', 3, 4),
  'precondition-failed': () => new PreconditionFailedError('The product changed since you loaded it'),
  'too-large': () => new TooLargeError('This change is too large to save. Please send less data.'),
};

describe('problem bodies for thrown errors', () => {
  let app: ServiceApp;
  const logs = logCapture();

  beforeAll(async () => {
    app = await testService({ logger: { level: 'info', stream: logs.stream } });
    app.get(
      '/domain/:kind',
      {
        config: { policy: 'public' },
        schema: {
          params: z.object({ kind: z.enum(Object.keys(domainErrors) as [keyof typeof domainErrors]) }),
        },
      },
      async (request) => {
        throw domainErrors[request.params.kind]();
      },
    );
    app.get('/http-problem', { config: { policy: 'public' } }, async () => {
      throw new HttpProblem(403, 'You do not own this tenant');
    });
    app.get('/crash', { config: { policy: 'public' } }, async () => {
      throw new Error('connection to postgres://admin:hunter2@db failed');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['validation', 400, 'Price must be positive'],
    ['not-found', 404, 'Product not found'],
    ['conflict', 409, 'Slug already taken'],
    ['illegal-state', 409, 'Product is already active'],
    ['concurrency', 409, 'Someone else changed this at the same time. Please reload and try again.'],
    ['precondition-failed', 412, 'The product changed since you loaded it'],
    ['too-large', 413, 'This change is too large to save. Please send less data.'],
  ])('maps the domain error %s to %i', async (kind, status, detail) => {
    const response = await app.inject({ method: 'GET', url: `/domain/${kind}` });

    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: `urn:problem:${kind}`,
      status,
      detail,
      instance: `/domain/${kind}`,
    });
  });

  it('keeps the field problems of a domain ValidationError', async () => {
    const response = await app.inject({ method: 'GET', url: '/domain/validation' });

    expect(response.json().errors).toEqual([{ path: 'basePrice', message: 'Price must be positive' }]);
  });

  it('answers an HttpProblem with its own status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/http-problem' });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ title: 'Forbidden', detail: 'You do not own this tenant' });
  });

  it('hides unexpected errors behind a generic 500 and logs them with the stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:internal',
      detail: 'An unexpected error occurred. Please try again later.',
    });
    expect(response.body).not.toContain('hunter2');
    const logged = logs.lines.find(
      (line) => line.requestId === response.headers['x-request-id'] && line.level === 'error',
    );
    expect(logged?.err).toMatchObject({
      message: expect.stringContaining('connection to') as unknown,
      stack: expect.any(String) as unknown,
    });
  });

  it('logs 4xx rejections at info with their detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/domain/not-found' });

    const logged = logs.lines.find(
      (line) => line.requestId === response.headers['x-request-id'] && line.msg === 'Request rejected',
    );
    expect(logged).toMatchObject({ level: 'info', status: 404, detail: 'Product not found' });
  });
});

describe('how loudly refusals are logged', () => {
  let app: ServiceApp;
  const logs = logCapture();

  beforeAll(async () => {
    app = await testService({ logger: { level: 'info', stream: logs.stream } });
    app.get('/who-am-i', { config: { policy: 'public' } }, async () => {
      throw new HttpProblem(401, 'Authentication required.');
    });
    app.get('/forbidden', { config: { policy: 'public' } }, async () => {
      throw new HttpProblem(403, 'Admins only.');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const levelOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return logs.lines.find(
      (line) => line.requestId === response.headers['x-request-id'] && line.msg === 'Request rejected',
    )?.level;
  };

  it('keeps a visitor without credentials at info: the shell asks who is signed in on every page', async () => {
    expect(await levelOf('/who-am-i')).toBe('info');
  });

  it('warns about a 401 for presented credentials and about every 403, which may be probing', async () => {
    expect(await levelOf('/who-am-i', { cookie: 'session=expired' })).toBe('warn');
    expect(await levelOf('/who-am-i', { authorization: 'Bearer forged' })).toBe('warn');
    expect(await levelOf('/forbidden')).toBe('warn');
  });
});

describe('problem types', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get('/unnamed', { config: { policy: 'public' } }, async () => {
      throw new HttpProblem(401, 'Authentication required.');
    });
    app.post('/json-only', { config: { policy: 'public' } }, async () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  it('names a problem nobody typed by its status, never about:blank', async () => {
    const unnamed = await app.inject({ method: 'GET', url: '/unnamed' });
    expect(unnamed.json()).toMatchObject({ type: 'urn:problem:unauthorized', status: 401 });

    // Fastify's own 4xx without a sentence of ours: a method the route does not take.
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/json-only' });
    expect(wrongMethod.json().type).toMatch(/^urn:problem:[a-z-]+$/);
  });
});
