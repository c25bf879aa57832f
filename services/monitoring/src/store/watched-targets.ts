import type pg from 'pg';

export interface WatchedTarget {
  subscriptionId: string;
  tenantId: string;
  domainUrl: string;
}

/**
 * The tenant's subscriptions with a tenant app to watch, from monitoring's copy of tenancy's events: a domain
 * URL set and not cancelled (a cancelled subscription's app is no longer the platform's to watch).
 */
export async function findWatchedTargets(
  db: pg.Pool,
  tenantId: string,
  subscriptionId?: string,
): Promise<WatchedTarget[]> {
  const { rows } = await db.query<{ subscription_id: string; tenant_id: string; domain_url: string }>(
    `SELECT subscription_id, tenant_id, domain_url FROM watched_subscriptions
     WHERE tenant_id = $1 AND ($2::uuid IS NULL OR subscription_id = $2::uuid)
       AND domain_url IS NOT NULL AND status IS DISTINCT FROM 'cancelled'
     ORDER BY updated_at DESC, subscription_id`,
    [tenantId, subscriptionId ?? null],
  );
  return rows.map((row) => ({
    subscriptionId: row.subscription_id,
    tenantId: row.tenant_id,
    domainUrl: row.domain_url,
  }));
}

/** The most recent scrape of a subscription, if it was ever tried. */
export async function findLastScrape(
  db: pg.Pool,
  subscriptionId: string,
): Promise<{ outcome: 'success' | 'failure'; reason: string | null; fetchedAt: Date } | null> {
  const { rows } = await db.query<{
    outcome: 'success' | 'failure';
    reason: string | null;
    fetched_at: Date;
  }>(
    `SELECT outcome, reason, fetched_at FROM scrapes WHERE subscription_id = $1
     ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    [subscriptionId],
  );
  const row = rows[0];
  return row === undefined ? null : { outcome: row.outcome, reason: row.reason, fetchedAt: row.fetched_at };
}
