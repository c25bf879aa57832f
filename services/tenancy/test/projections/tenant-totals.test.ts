import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { startTenancy } from '../support/tenancy-harness.js';

const tenancy = startedForFile(startTenancy);

async function insertTenant(): Promise<string> {
  const id = randomUUID();
  await tenancy.pool.query(
    `INSERT INTO tenants (id, name, slug, status, revision, created_at, updated_at)
     VALUES ($1, 'Locking', $2, 'active', 0, now(), now())`,
    [id, `locking-${id}`],
  );
  return id;
}

const totals = async () => (await tenancy.pool.query('SELECT * FROM tenant_totals')).rows[0];
const counted = async () =>
  (
    await tenancy.pool.query(
      `SELECT true AS only_row, count(*) AS tenants, count(*) FILTER (WHERE status = 'active') AS active_tenants,
         count(*) FILTER (WHERE status = 'suspended') AS suspended_tenants,
         coalesce(sum(total_spent_cents), 0) AS total_spent_cents,
         coalesce(sum(subscription_count), 0) AS subscriptions,
         coalesce(sum(active_subscriptions), 0) AS active_subscriptions
       FROM tenants`,
    )
  ).rows[0];

describe('tenant_totals', () => {
  it('follow every statement on tenants, and a DELETE and TRUNCATE too', async () => {
    const [first, second] = [await insertTenant(), await insertTenant()];
    await tenancy.pool.query(
      `UPDATE tenants SET status = 'suspended', subscription_count = 3, active_subscriptions = 1,
         total_spent_cents = 250 WHERE id = $1`,
      [first],
    );
    await tenancy.pool.query('UPDATE tenants SET name = $2 WHERE id = $1', [second, 'Renamed']);
    expect(await totals()).toEqual(await counted());
    await tenancy.pool.query('DELETE FROM tenants WHERE id = $1', [first]);
    expect(await totals()).toEqual(await counted());
    await tenancy.pool.query('TRUNCATE tenants');
    expect(await totals()).toMatchObject({ tenants: '0', total_spent_cents: '0', subscriptions: '0' });
  });

  it('make a writer of one statement wait for one of several, instead of both deadlocking', async () => {
    const [x, y] = [await insertTenant(), await insertTenant()];
    const several = await tenancy.pool.connect();
    const one = await tenancy.pool.connect();
    try {
      // A projection batch: x now, y later. Meanwhile the paid invoices consumer changes y in one statement.
      await several.query('BEGIN');
      await several.query(`UPDATE tenants SET status = 'suspended' WHERE id = $1`, [x]);
      const onePid = (await one.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const oneWrite = one.query('UPDATE tenants SET total_spent_cents = 500 WHERE id = $1', [y]).then(
        () => 'written',
        (error: Error) => error.message,
      );
      const waiting = await eventually(
        async () =>
          (await tenancy.pool.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [onePid]))
            .rows[0]?.wait_event_type,
        (event) => event === 'Lock',
      );
      expect(waiting).toBe('Lock');
      // It waits for the totals before it takes y, so the batch can take y: no deadlock to break.
      await several.query(`UPDATE tenants SET status = 'suspended' WHERE id = $1`, [y]);
      await several.query('COMMIT');
      expect(await oneWrite).toBe('written');
    } finally {
      several.release();
      one.release();
    }
    expect(await totals()).toEqual(await counted());
  });
});
