import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityHeaders } from '../src/testing/index.js';
import { orderAppForTests } from './idempotency-fixture.js';

describe('idempotency', () => {
  const orders = orderAppForTests();
  const { post } = orders;

  it('replays the stored response for a retry with the same key and body, without running the handler again', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    const before = orders.state.created;

    const first = await post('/orders', key, { name: 'Pro', tags: ['a', 'b'] }, caller);
    const retry = await post('/orders', key, { tags: ['a', 'b'], name: 'Pro' }, caller);

    expect(first.statusCode).toBe(201);
    expect(orders.state.created).toBe(before + 1);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    for (const header of ['content-type', 'location', 'x-order-number']) {
      expect(retry.headers[header]).toBe(first.headers[header]);
    }
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('refuses the same key with a different body with 422', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    await post('/orders', key, { name: 'Pro' }, caller);

    const response = await post('/orders', key, { name: 'Enterprise' }, caller);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      detail: 'Idempotency-Key was already used with a different request',
    });
  });

  it('refuses a retry while the first request is still running with 409', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      orders.state.slow = { started: resolve, finish: new Promise<void>((done) => (release = done)) };
    });

    const first = post('/orders', key, { name: 'Pro' }, caller);
    await started;
    orders.state.slow = undefined;
    const concurrent = await post('/orders', key, { name: 'Pro' }, caller);
    release();

    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.headers['retry-after']).toBe('1');
    expect(concurrent.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await first).statusCode).toBe(201);
  });

  it('frees the key after a 5xx so a retry runs the handler, as the same operation', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    orders.state.failuresLeft = 1;
    const before = orders.state.created;

    const failed = await post('/orders', key, { name: 'Pro' }, caller);
    const retried = await post('/orders', key, { name: 'Pro' }, caller);
    const other = await post('/orders', key, { name: 'Other' }, caller);

    expect(failed.statusCode).toBe(500);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(orders.state.created).toBe(before + 2);
    const [first, second] = orders.state.operations.slice(-2);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    // The failed attempt may have done its work before failing, so the key stays bound to its request.
    expect(other.statusCode).toBe(422);
  });

  it('gives each key an operation of its own, and none to a request without a key', async () => {
    const caller = await identityHeaders('tenant');
    await post('/orders', randomUUID(), { name: 'One' }, caller);
    await post('/orders', randomUUID(), { name: 'Two' }, caller);
    await post('/orders', undefined, { name: 'Three' }, caller);

    const [one, two, none] = orders.state.operations.slice(-3);
    expect(one).not.toBe(two);
    expect(none).toBeNull();
  });

  it('stores a 4xx answer and replays it like a success', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    const before = orders.state.created;

    const first = await post('/orders', key, { name: 'taken' }, caller);
    const retry = await post('/orders', key, { name: 'taken' }, caller);

    expect(first.statusCode).toBe(409);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().detail).toBe('That name is taken');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(orders.state.created).toBe(before + 1);
  });

  it('scopes keys by caller', async () => {
    const key = randomUUID();

    const first = await post('/orders', key, { name: 'Pro' }, await identityHeaders('tenant'));
    const other = await post('/orders', key, { name: 'Pro' }, await identityHeaders('tenant'));

    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('runs every request when there is no key, or the route is not idempotent', async () => {
    const caller = await identityHeaders('tenant');
    const key = randomUUID();
    const before = orders.state.created;

    await post('/orders', undefined, { name: 'Pro' }, caller);
    await post('/orders', undefined, { name: 'Pro' }, caller);
    await post('/plain', key, { name: 'Pro' }, caller);
    await post('/plain', key, { name: 'Pro' }, caller);

    expect(orders.state.created).toBe(before + 4);
  });

  it('refuses a malformed key with 400', async () => {
    const response = await post('/orders', 'x'.repeat(256), { name: 'Pro' }, await identityHeaders('tenant'));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'Idempotency-Key' }] });
  });
});
