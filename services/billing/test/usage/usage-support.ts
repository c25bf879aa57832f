import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { UsageCount, UsageRecordedV1Data } from '@app/contracts';
import { storeUsageBatch, type StoredBatch } from '../../src/usage/store-usage-batch.js';
import type { BillingHarness } from '../support/billing-harness.js';

/** A gateway batch of `api_calls` over a few seconds from `periodStart`, with a fresh batch id. */
export function usageBatch(
  periodStart: string,
  counts: Record<string, number>,
  overrides: Partial<UsageRecordedV1Data> = {},
): UsageRecordedV1Data {
  return {
    batchId: uuidv7(),
    gatewayInstance: 'gw-test/1',
    periodStart,
    periodEnd: new Date(Date.parse(periodStart) + 5_000).toISOString(),
    counts: Object.entries(counts).map(([userId, quantity]): UsageCount => ({
      userId,
      metric: 'api_calls',
      quantity,
    })),
    ...overrides,
  };
}

/** What the consumer's handler does with a valid batch, in a transaction of its own. */
export async function storeBatch(pool: pg.Pool, batch: UsageRecordedV1Data): Promise<StoredBatch> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const outcome = await storeUsageBatch(client, batch);
    await client.query('COMMIT');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export interface UsageRowForTest {
  user_id: string;
  day: string;
  metric: string;
  quantity: string;
}

/** Every usage row and claimed batch, to show that something changed nothing. */
export async function usageTables(pool: pg.Pool) {
  const records = await pool.query<UsageRowForTest>(
    'SELECT user_id, day::text AS day, metric, quantity FROM usage_records ORDER BY user_id, day, metric',
  );
  const batches = await pool.query<{ batch_id: string }>(
    'SELECT batch_id FROM usage_batches ORDER BY batch_id',
  );
  return { records: records.rows, batches: batches.rows.map((row) => row.batch_id) };
}

export function getUsage(h: BillingHarness, headers: Record<string, string>, query = '') {
  return h.app.inject({ method: 'GET', url: `/api/usage${query}`, headers });
}
