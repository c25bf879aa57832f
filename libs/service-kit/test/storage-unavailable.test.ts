import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreUnavailableError } from '@app/eventing';
import type { ServiceApp } from '../src/index.js';
import { logCapture, testService } from './support.js';

/** What the storage layers throw when Postgres or KurrentDB is away or every connection stays busy. */
const failures: Record<string, () => Error> = {
  'pool-exhausted': () => new Error('timeout exceeded when trying to connect'),
  refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'server-shutdown': () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  'event-store': () => new EventStoreUnavailableError('127.0.0.1:2113', new Error('14 UNAVAILABLE')),
};

describe('storage that is briefly away', () => {
  let app: ServiceApp;
  const logs = logCapture();

  beforeAll(async () => {
    app = await testService({ logger: { level: 'info', stream: logs.stream } });
    app.get<{ Params: { kind: string } }>(
      '/storage/:kind',
      { config: { policy: 'public' } },
      async (request) => {
        throw (failures[request.params.kind] ?? (() => new Error('unknown')))();
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(failures))(
    'answers %s with a 503 problem and Retry-After, logged at warn',
    async (kind) => {
      const response = await app.inject({ method: 'GET', url: `/storage/${kind}` });

      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        type: 'urn:problem:service-unavailable',
        status: 503,
        detail: 'The service is briefly unavailable. Please try again in a moment.',
      });
      const logged = logs.lines.find(
        (line) => line.requestId === response.headers['x-request-id'] && line.status === 503,
      );
      expect(logged).toMatchObject({ level: 'warn', msg: 'Request refused: storage unavailable' });
    },
  );
});
