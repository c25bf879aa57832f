import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { usageRecordListSchema, usageRecordedV1DataSchema } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { demoAccounts } from '@app/demo-fixtures';
import { demoUsageBatches, seedDemoUsage } from '../../src/usage/seed-demo-usage.js';
import { startBilling } from '../support/billing-harness.js';
import { getUsage } from './usage-support.js';

const clock = new Date('2026-03-15T10:00:00.000Z');
const h = startedForFile(() => startBilling({ now: () => clock }));

const accountId = (email: string) => {
  const id = demoAccounts.find((account) => account.email === email)?.id;
  if (!id) throw new Error(`no demo account ${email}`);
  return id;
};

async function usageOf(email: string, query = '') {
  const headers = await identityHeaders('tenant', undefined, { userId: accountId(email) });
  return usageRecordListSchema.parse((await getUsage(h, headers, query)).json());
}

const total = (records: Array<{ quantity: number }>) => records.reduce((sum, r) => sum + r.quantity, 0);

describe('demo usage', () => {
  it("covers every finished day of the previous and current month in the contract's shape", () => {
    const batches = demoUsageBatches(clock);
    expect(batches.map((batch) => batch.periodStart.slice(0, 10))).toEqual(
      Array.from({ length: 28 + 14 }, (_, index) =>
        new Date(Date.UTC(2026, 1, 1 + index)).toISOString().slice(0, 10),
      ),
    );
    for (const batch of batches) expect(usageRecordedV1DataSchema.parse(batch)).toEqual(batch);
    expect(new Set(batches.map((batch) => batch.batchId)).size).toBe(batches.length);
    // Fixed: the same day proposes the same batch on every run.
    expect(demoUsageBatches(new Date('2026-03-16T00:00:00.000Z')).slice(0, 42)).toEqual(batches);
  });

  it('stores the demo customers’ usage once, and a later run only the days since', async () => {
    expect(await seedDemoUsage(h.pool, clock)).toEqual({ stored: 42, alreadyStored: 0 });
    expect(await seedDemoUsage(h.pool, clock)).toEqual({ stored: 0, alreadyStored: 42 });

    const casey = await usageOf('casey@demo.local');
    const jordan = await usageOf('jordan@demo.local');
    expect(casey.map((record) => record.periodStart.slice(0, 10))).toEqual(
      Array.from({ length: 14 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`),
    );
    expect(jordan).toHaveLength(14);
    expect(total(casey)).toBeGreaterThan(total(jordan));
    expect(await usageOf('casey@demo.local', '?from=2026-02-01&to=2026-02-28')).toHaveLength(28);
    expect(await usageOf('admin@demo.local')).toEqual([]);

    expect(await seedDemoUsage(h.pool, new Date('2026-03-16T08:00:00.000Z'))).toEqual({
      stored: 1,
      alreadyStored: 42,
    });
    expect(await usageOf('casey@demo.local')).toHaveLength(15);
    // A rerun leaves the days it had stored as they were.
    expect((await usageOf('casey@demo.local')).slice(0, 14)).toEqual(casey);
  });
});
