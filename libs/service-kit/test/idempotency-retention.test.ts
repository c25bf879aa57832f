import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../src/index.js';
import { identityHeaders, testIdentitySecret } from '../src/testing/index.js';
import { orderAppForTests, schema } from './idempotency-fixture.js';

describe('idempotency key retention', () => {
  const orders = orderAppForTests();
  const { post } = orders;

  it('lets a retry take over a claim abandoned by a crashed process', async () => {
    const userId = randomUUID();
    const headers = await identityHeaders('tenant', testIdentitySecret, { userId });
    const key = randomUUID();
    const first = await post('/orders', key, { name: 'Pro' }, headers);
    expect(first.statusCode).toBe(201);
    // Simulate a crash: the row is back in progress and its lock is old.
    await orders.db.pool.query(
      `UPDATE svc.idempotency_keys SET state = 'in-progress', locked_at = now() - interval '1 hour'
       WHERE caller_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );

    const retry = await post('/orders', key, { name: 'Pro' }, headers);

    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('prunes keys older than the retention and keeps younger ones', async () => {
    const caller = await identityHeaders('tenant');
    const oldKey = randomUUID();
    const youngKey = randomUUID();
    await post('/orders', oldKey, { name: 'Pro' }, caller);
    await post('/orders', youngKey, { name: 'Pro' }, caller);
    await orders.db.pool.query(
      `UPDATE svc.idempotency_keys SET created_at = now() - interval '49 hours' WHERE idempotency_key = $1`,
      [oldKey],
    );

    const pruned = await pruneIdempotencyKeys(orders.db.pool, schema);

    const left = await orders.db.pool.query(
      'SELECT idempotency_key FROM svc.idempotency_keys WHERE idempotency_key = ANY($1)',
      [[oldKey, youngKey]],
    );
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(left.rows).toEqual([{ idempotency_key: youngKey }]);
    await expect(pruneIdempotencyKeys(orders.db.pool, schema, 1)).rejects.toThrow(RangeError);
  });
});
