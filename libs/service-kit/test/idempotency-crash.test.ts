import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@app/test-support';
import type { ServiceApp } from '../src/index.js';
import { identityHeaders } from '../src/testing/index.js';
import { postWithKey, startOrderApp } from './idempotency-fixture.js';

const opened: ServiceApp[] = [];
let db: TestDatabase | undefined;
afterAll(async () => {
  for (const app of opened) await app.close();
  await db?.drop();
});

describe('an idempotency key a crashed process left in progress', () => {
  it('is freed when that process starts again on the same host and port, so a retry runs at once, as the same operation', async () => {
    const first = await startOrderApp();
    db = first.db;
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = first.app.server.address() as AddressInfo;
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    // The request is under way when its process dies: its claim stays in progress.
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    first.state.slow = { started, finish: new Promise<void>(() => undefined) };
    void postWithKey(first.app, '/orders', key, { name: 'crash' }, caller);
    await running;
    await first.app.server.close();

    const restarted = await startOrderApp(db);
    opened.push(restarted.app);
    const before = await postWithKey(restarted.app, '/orders', key, { name: 'crash' }, caller);
    expect(before.statusCode).toBe(409);
    await restarted.app.listen({ port, host: '127.0.0.1' });

    const retry = await postWithKey(restarted.app, '/orders', key, { name: 'crash' }, caller);
    expect(retry.statusCode).toBe(201);
    // The crashed attempt may have done its work; the retry must be able to find it.
    expect(restarted.state.operations).toEqual([first.state.operations[0]]);
  });
});
