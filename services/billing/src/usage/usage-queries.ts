import type pg from 'pg';
import type { UsageMetric, UsageRecord } from '@app/contracts';
import { periodOfDay, usageRecordId, type DayRange } from './usage-period.js';

interface UsageRow {
  day: string;
  metric: UsageMetric;
  quantity: string;
}

/** One user's usage records over whole UTC days (GET /api/usage), oldest day first. */
export async function listUsageOf(db: pg.Pool, userId: string, range: DayRange): Promise<UsageRecord[]> {
  // day::text: node-postgres would turn a date into a local-time Date, which shifts the day east of UTC.
  const { rows } = await db.query<UsageRow>(
    `SELECT day::text AS day, metric, quantity FROM usage_records
     WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date
     ORDER BY day, metric`,
    [userId, range.from, range.to],
  );
  return rows.map((row) => ({
    id: usageRecordId(userId, row.metric, row.day),
    metric: row.metric,
    quantity: Number(row.quantity),
    ...periodOfDay(row.day),
  }));
}
