import type pg from 'pg';
import type { UsageCount, UsageRecordedV1Data } from '@app/contracts';
import { usageDayOfBatch } from './usage-period.js';

export type StoredBatch = 'stored' | 'already-stored';

/**
 * Adds one gateway batch to the usage records (migrations/300_usage_records.sql), once: the batch id is claimed
 * first, and a batch whose id is already claimed adds nothing. Run it inside the caller's transaction, so the
 * claim and the counts commit or roll back together. The counts go in user order so that two instances adding
 * batches for the same users and day lock those rows in the same order and cannot deadlock.
 */
export async function storeUsageBatch(tx: pg.ClientBase, batch: UsageRecordedV1Data): Promise<StoredBatch> {
  const claimed = await tx.query(
    `INSERT INTO usage_batches (batch_id, gateway_instance, period_start, period_end) VALUES ($1, $2, $3, $4)
     ON CONFLICT (batch_id) DO NOTHING`,
    [batch.batchId, batch.gatewayInstance, batch.periodStart, batch.periodEnd],
  );
  if (claimed.rowCount === 0) return 'already-stored';
  const counts = [...batch.counts].sort(byUserAndMetric);
  // One statement for up to 5,000 users (maxUsageCountsPerBatch) rather than a round trip each.
  await tx.query(
    `INSERT INTO usage_records (user_id, day, metric, quantity)
     SELECT c.user_id, $1::date, c.metric, c.quantity
     FROM unnest($2::uuid[], $3::text[], $4::bigint[]) WITH ORDINALITY AS c(user_id, metric, quantity, n)
     ORDER BY c.n
     ON CONFLICT (user_id, day, metric)
     DO UPDATE SET quantity = usage_records.quantity + EXCLUDED.quantity, updated_at = now()`,
    [
      usageDayOfBatch(batch),
      counts.map((count) => count.userId),
      counts.map((count) => count.metric),
      counts.map((count) => count.quantity),
    ],
  );
  return 'stored';
}

function byUserAndMetric(a: UsageCount, b: UsageCount): number {
  const user = a.userId.toLowerCase().localeCompare(b.userId.toLowerCase());
  return user !== 0 ? user : a.metric.localeCompare(b.metric);
}
