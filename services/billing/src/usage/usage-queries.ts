import type pg from 'pg';
import { z } from 'zod';
import { usageMetricSchema, type UsageMetric, type UsageRecord } from '@app/contracts';
import { keysetSql, pageFrom, type KeysetOrder } from '@app/service-kit';
import { dayKeySchema } from '../projections/page-keys.js';
import { periodOfDay, usageRecordId, type DayRange } from './usage-period.js';

interface UsageRow {
  day: string;
  metric: UsageMetric;
  quantity: string;
}

/** Where a page of usage records starts: after this day and metric (a cursor's content). */
export const usageKeySchema = z.tuple([dayKeySchema, usageMetricSchema]);
export type UsageKey = z.infer<typeof usageKeySchema>;

/** Oldest day first, then metric: the order of usage_records' primary key, so a page is one range scan of it. */
const oldestFirst: KeysetOrder = { columns: ['u.day', 'u.metric'], direction: 'asc' };

export interface UsagePageQuery {
  range: DayRange;
  limit: number;
  after?: UsageKey | undefined;
}

/** One page of a user's usage records over whole UTC days (GET /api/usage), and the next page's cursor. */
export async function listUsageOf(db: pg.Pool, userId: string, query: UsagePageQuery) {
  const params: unknown[] = [userId, query.range.from, query.range.to];
  const conditions = ['u.user_id = $1', 'u.day BETWEEN $2::date AND $3::date'];
  const keyset = keysetSql(oldestFirst, query.after, params);
  if (keyset.after) conditions.push(keyset.after);
  params.push(query.limit + 1);
  // day::text: node-postgres would turn a date into a local-time Date, which shifts the day east of UTC. The
  // order names u.day, the column, not this text of it, so that the primary key gives the order unsorted.
  const { rows } = await db.query<UsageRow>(
    `SELECT u.day::text AS day, u.metric, u.quantity FROM usage_records u
     WHERE ${conditions.join(' AND ')}
     ${keyset.orderBy}
     LIMIT $${params.length}`,
    params,
  );
  const page = pageFrom(rows, query.limit, (row): UsageKey => [row.day, row.metric]);
  return { items: page.rows.map((row) => toUsageRecord(userId, row)), next: page.next };
}

function toUsageRecord(userId: string, row: UsageRow): UsageRecord {
  return {
    id: usageRecordId(userId, row.metric, row.day),
    metric: row.metric,
    quantity: Number(row.quantity),
    ...periodOfDay(row.day),
  };
}
