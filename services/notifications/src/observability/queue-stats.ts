import type pg from 'pg';

export type QueueName = 'email' | 'webhook';

export interface QueueStats {
  /** Pending items, due or waiting for a retry; counted up to `depthCap`. */
  depth: number;
  /** Seconds since the oldest pending item's schedule began; 0 when none is pending. */
  oldestPendingSeconds: number;
  /** Seconds the most overdue item has been due without being claimed; 0 when none is due. */
  oldestDueSeconds: number;
}

/** Past this many pending items the depth reads as this many: a count must stay cheap however deep the backlog. */
export const depthCap = 100_000;

/**
 * Both queues' figures in one round trip, each by an index on pending rows (migrations 002, 005, 007). A send's
 * schedule begins when it is queued; a delivery's at its first attempt, or when it was queued or redelivered.
 * A claimed item's next attempt is its lease's end, so one being attempted is not due.
 */
const statsQuery = `
  SELECT
    (SELECT count(*) FROM (SELECT 1 FROM email_sends WHERE status = 'pending' LIMIT $2) p)::int AS email_depth,
    (SELECT min(created_at) FROM email_sends WHERE status = 'pending') AS email_pending_since,
    (SELECT min(next_attempt_at) FROM email_sends WHERE status = 'pending' AND next_attempt_at <= $1)
      AS email_due_since,
    (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT $2) p)::int
      AS webhook_depth,
    (SELECT min(COALESCE(first_attempt_at, next_attempt_at)) FROM webhook_deliveries WHERE status = 'pending')
      AS webhook_pending_since,
    (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1)
      AS webhook_due_since`;

interface StatsRow {
  email_depth: number;
  email_pending_since: Date | null;
  email_due_since: Date | null;
  webhook_depth: number;
  webhook_pending_since: Date | null;
  webhook_due_since: Date | null;
}

export async function readQueueStats(pool: pg.Pool, now: Date): Promise<Record<QueueName, QueueStats>> {
  const { rows } = await pool.query<StatsRow>(statsQuery, [now, depthCap]);
  const row = rows[0];
  if (!row) throw new Error('the queue statistics query returned no row');
  const ageOf = (since: Date | null) =>
    since === null ? 0 : Math.max(0, now.getTime() - since.getTime()) / 1000;
  return {
    email: {
      depth: row.email_depth,
      oldestPendingSeconds: ageOf(row.email_pending_since),
      oldestDueSeconds: ageOf(row.email_due_since),
    },
    webhook: {
      depth: row.webhook_depth,
      oldestPendingSeconds: ageOf(row.webhook_pending_since),
      oldestDueSeconds: ageOf(row.webhook_due_since),
    },
  };
}
