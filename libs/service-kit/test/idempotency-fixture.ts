import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { z } from 'zod';
import { ConflictError } from '@app/domain';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { ensureIdempotencyTable, idempotencyPlugin, type ServiceApp } from '../src/index.js';
import { testService } from './support.js';

export const schema = 'svc';
const body = z.object({ name: z.string(), tags: z.array(z.string()).default([]) });

/** What the test routes do, steerable from a test: fail with 5xx, or pause until released. */
export interface OrderRoutesState {
  created: number;
  /** Each run's request.operationId, in order. */
  operations: (string | null)[];
  failuresLeft: number;
  slow?: { started: () => void; finish: Promise<void> };
}

/**
 * An app on its own database (or `shared`, for a second process on the same one) with two routes: POST /orders (idempotent; 201 with location and an x- header,
 * 409 for the name "taken") and POST /plain (not idempotent). Both count their runs in `state.created`.
 */
export async function startOrderApp(shared?: TestDatabase): Promise<{
  app: ServiceApp;
  db: TestDatabase;
  state: OrderRoutesState;
}> {
  const db = shared ?? (await createTestDatabase(inject('databaseUrl')));
  await ensureIdempotencyTable(db.pool, schema);
  const state: OrderRoutesState = { created: 0, operations: [], failuresLeft: 0 };
  const app = await testService();
  await app.register(idempotencyPlugin, { pool: db.pool, schema });
  app.post(
    '/orders',
    { config: { policy: 'signed-in', idempotent: true }, schema: { body } },
    async (request, reply) => {
      state.created += 1;
      state.operations.push(request.operationId);
      if (state.slow !== undefined) {
        state.slow.started();
        await state.slow.finish;
      }
      if (state.failuresLeft > 0) {
        state.failuresLeft -= 1;
        throw new Error('database unavailable');
      }
      if (request.body.name === 'taken') throw new ConflictError('That name is taken');
      const id = randomUUID();
      return reply
        .code(201)
        .header('location', `/orders/${id}`)
        .header('x-order-number', String(state.created))
        .send({ id, ...request.body });
    },
  );
  app.post('/plain', { config: { policy: 'signed-in' }, schema: { body } }, async () => {
    state.created += 1;
    return { created: state.created };
  });
  await app.ready();
  return { app, db, state };
}

export interface OrderAppForTests {
  readonly app: ServiceApp;
  readonly db: TestDatabase;
  readonly state: OrderRoutesState;
  /** POST `payload` to `url` with `headers`, and with `key` as the Idempotency-Key when given. */
  post(
    url: string,
    key: string | undefined,
    payload: Record<string, unknown>,
    headers: Record<string, string>,
  ): ReturnType<ServiceApp['inject']>;
}

/** startOrderApp before the tests of the file or describe, closed with its database after them. */
export function orderAppForTests(): OrderAppForTests {
  const orders = {
    post: (url, key, payload, headers) => postWithKey(orders.app, url, key, payload, headers),
  } as OrderAppForTests & { app: ServiceApp; db: TestDatabase; state: OrderRoutesState };
  beforeAll(async () => {
    Object.assign(orders, await startOrderApp());
  });
  afterAll(async () => {
    await orders.app?.close();
    await orders.db?.drop();
  });
  return orders;
}

export function postWithKey(
  app: ServiceApp,
  url: string,
  key: string | undefined,
  payload: Record<string, unknown>,
  headers: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}
