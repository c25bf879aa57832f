import type pg from 'pg';

export interface HistoryPoint {
  at: Date;
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
  responseTimeMs: number | null;
  errorRatePercent: number | null;
  scrapes: number;
  failedScrapes: number;
}

interface PointRow {
  at: Date;
  cpu: number | null;
  memory: number | null;
  disk: number | null;
  response: number | null;
  errors: number | null;
  scrapes: string;
  failed: string;
}

/**
 * One subscription's scrapes in [from, to), averaged per bucket of `bucketSeconds` starting at `from`, so a long
 * range still answers a bounded number of points. Buckets without a scrape are left out.
 */
export async function readHistory(
  db: pg.Pool,
  query: { tenantId: string; subscriptionId: string; from: Date; to: Date; bucketSeconds: number },
): Promise<HistoryPoint[]> {
  const { rows } = await db.query<PointRow>(
    `SELECT date_bin(make_interval(secs => $4), fetched_at, $2) AS at,
            avg(cpu_percent) AS cpu, avg(memory_percent) AS memory, avg(disk_percent) AS disk,
            avg(response_time_ms) AS response, avg(error_rate_percent) AS errors,
            count(*) AS scrapes, count(*) FILTER (WHERE outcome = 'failure') AS failed
     FROM scrapes
     WHERE subscription_id = $1 AND tenant_id = $5 AND fetched_at >= $2 AND fetched_at < $3
     GROUP BY 1 ORDER BY 1`,
    [query.subscriptionId, query.from, query.to, query.bucketSeconds, query.tenantId],
  );
  return rows.map((row) => ({
    at: row.at,
    cpuPercent: row.cpu,
    memoryPercent: row.memory,
    diskPercent: row.disk,
    responseTimeMs: row.response,
    errorRatePercent: row.errors,
    scrapes: Number(row.scrapes),
    failedScrapes: Number(row.failed),
  }));
}

/** The subscription a tenant's history is about when none is named: the one with the latest scrape. */
export async function findRecentlyScrapedSubscription(db: pg.Pool, tenantId: string): Promise<string | null> {
  const { rows } = await db.query<{ subscription_id: string }>(
    `SELECT subscription_id FROM scrapes WHERE tenant_id = $1 ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    [tenantId],
  );
  return rows[0]?.subscription_id ?? null;
}

export async function hasScrapes(db: pg.Pool, tenantId: string, subscriptionId: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM scrapes WHERE tenant_id = $1 AND subscription_id = $2) AS found',
    [tenantId, subscriptionId],
  );
  return rows[0]?.found === true;
}

/** Retention (HISTORY_RETENTION_DAYS): scrapes and resolved alerts older than `before` go. */
export async function pruneHistory(db: pg.Pool, before: Date): Promise<{ scrapes: number; alerts: number }> {
  const scrapes = await db.query('DELETE FROM scrapes WHERE fetched_at < $1', [before]);
  const alerts = await db.query('DELETE FROM alerts WHERE resolved_at < $1', [before]);
  return { scrapes: scrapes.rowCount ?? 0, alerts: alerts.rowCount ?? 0 };
}
