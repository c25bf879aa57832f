import type pg from 'pg';
import type { Backlog, BacklogQuery } from '../event-store.js';

/**
 * The events committed after a checkpoint: counted up to the limit, and when the first of them was recorded.
 * Unlike a subscription's read it is not bounded by the snapshot's xmin: an event held back behind a long
 * transaction elsewhere (postgres/README.md) is committed and still missing from the read model, so it is lag,
 * and the readiness it feeds should show the stall rather than hide it.
 *
 * Both halves run on the (category, transaction_id, global_position) index: the count over index entries only,
 * stopping at the limit; the first event per category as one index probe each (an ORDER BY across `= ANY`
 * would sort every unapplied row).
 */
export async function readBacklog(pool: pg.Pool, schema: string, query: BacklogQuery): Promise<Backlog> {
  const after = query.after === 'start' ? { commit: 0n, prepare: 0n } : query.after;
  const { rows } = await pool.query<{ events: number; first_recorded_at: Date | null }>(
    `SELECT
       (SELECT count(*)::int FROM (
          SELECT 1 FROM ${schema}.events
          WHERE category = ANY($1::text[]) AND (transaction_id, global_position) > ($2::xid8, $3::bigint)
          LIMIT $4
        ) AS behind) AS events,
       (SELECT min(first.recorded_at)
        FROM unnest($1::text[]) AS wanted(category)
        CROSS JOIN LATERAL (
          SELECT recorded_at FROM ${schema}.events AS e
          WHERE e.category = wanted.category
            AND (e.transaction_id, e.global_position) > ($2::xid8, $3::bigint)
          ORDER BY e.transaction_id, e.global_position
          LIMIT 1
        ) AS first) AS first_recorded_at`,
    [query.categories, after.commit.toString(), after.prepare.toString(), query.limit],
  );
  const row = rows[0];
  return { events: row?.events ?? 0, firstRecordedAt: row?.first_recorded_at ?? null };
}
