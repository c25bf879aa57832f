import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/index.js';
import { servicePoolForFile } from './service-pool.js';

const service = servicePoolForFile({ schema: 'public', max: 1, acquireTimeoutMs: 2_000 });

const synchronousCommit = async (query: (text: string) => Promise<{ rows: unknown[] }>) =>
  ((await query('SHOW synchronous_commit')).rows[0] as { synchronous_commit: string }).synchronous_commit;

describe('inTransaction', () => {
  it('commits asynchronously only when asked, and only that transaction', async () => {
    const server = await synchronousCommit((text) => service.pool.query(text));
    expect(await inTransaction(service.pool, (tx) => synchronousCommit((text) => tx.query(text)))).toBe(
      server,
    );
    const inside = await inTransaction(service.pool, (tx) => synchronousCommit((text) => tx.query(text)), {
      asynchronousCommit: true,
    });
    expect(inside).toBe('off');
    // The same (only) connection afterwards: SET LOCAL ended with the transaction.
    expect(await synchronousCommit((text) => service.pool.query(text))).toBe(server);
  });

  it('rolls back what the work wrote when it throws, asynchronous or not', async () => {
    await service.pool.query('CREATE TABLE IF NOT EXISTS transaction_test (n int)');
    for (const asynchronousCommit of [false, true]) {
      const failure = await inTransaction(
        service.pool,
        async (tx) => {
          await tx.query('INSERT INTO transaction_test VALUES (1)');
          throw new Error('work failed');
        },
        { asynchronousCommit },
      ).catch((error: unknown) => error);
      expect(failure).toEqual(new Error('work failed'));
    }
    expect((await service.pool.query('SELECT * FROM transaction_test')).rows).toEqual([]);
  });
});
