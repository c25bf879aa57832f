import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { inTransaction } from '@app/eventing';
import { decideAlerts, type AlertKind, type RaisedAlert } from '../domain/alerts/alert-rules.js';
import type { ScrapeResult } from './scrape-result.js';

/**
 * Stores one scrape in one transaction: its history row, the failure streak, the latest good document (never
 * replaced by an older fetch or by a failure) and the alerts it raises or resolves. The streak row is locked
 * first, so two scrapes of one subscription are recorded one after the other.
 */
export async function recordScrape(pool: pg.Pool, result: ScrapeResult): Promise<RaisedAlert[]> {
  return inTransaction(pool, async (client) => {
    const consecutiveFailures = await updateStreak(client, result);
    await insertHistoryRow(client, result);
    if (result.outcome === 'success') await storeLatestDocument(client, result);
    return applyAlerts(client, result, consecutiveFailures);
  });
}

async function updateStreak(client: pg.PoolClient, result: ScrapeResult): Promise<number> {
  const failed = result.outcome === 'failure' ? 1 : 0;
  const { rows } = await client.query<{ consecutive_failures: number }>(
    `INSERT INTO scrape_streaks AS s (subscription_id, consecutive_failures, last_scraped_at)
     VALUES ($1, $2, $3)
     ON CONFLICT (subscription_id) DO UPDATE
       SET consecutive_failures = CASE WHEN $2 = 1 THEN s.consecutive_failures + 1 ELSE 0 END,
           last_scraped_at = GREATEST(s.last_scraped_at, $3)
     RETURNING consecutive_failures`,
    [result.subscriptionId, failed, result.fetchedAt],
  );
  return rows[0]?.consecutive_failures ?? failed;
}

async function insertHistoryRow(client: pg.PoolClient, result: ScrapeResult): Promise<void> {
  const success = result.outcome === 'success';
  const series = success ? result.series : null;
  await client.query(
    `INSERT INTO scrapes (subscription_id, tenant_id, domain_url, fetched_at, outcome, latency_ms, attempts,
       http_status, failure_kind, reason, missing_groups, cpu_percent, memory_percent, disk_percent,
       response_time_ms, error_rate_percent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      result.subscriptionId,
      result.tenantId,
      result.domainUrl,
      result.fetchedAt,
      result.outcome,
      Math.round(result.latencyMs),
      result.attempts,
      result.httpStatus,
      success ? null : result.failureKind,
      success ? null : result.reason,
      success ? result.missingGroups : [],
      series?.cpuPercent ?? null,
      series?.memoryPercent ?? null,
      series?.diskPercent ?? null,
      series?.responseTimeMs ?? null,
      series?.errorRatePercent ?? null,
    ],
  );
}

async function storeLatestDocument(
  client: pg.PoolClient,
  result: Extract<ScrapeResult, { outcome: 'success' }>,
): Promise<void> {
  await client.query(
    `INSERT INTO latest_documents AS l (subscription_id, tenant_id, domain_url, document, missing_groups, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (subscription_id) DO UPDATE
       SET tenant_id = $2, domain_url = $3, document = $4, missing_groups = $5, fetched_at = $6
       WHERE l.fetched_at <= $6`,
    [
      result.subscriptionId,
      result.tenantId,
      result.domainUrl,
      JSON.stringify(result.document),
      result.missingGroups,
      result.fetchedAt,
    ],
  );
}

async function applyAlerts(
  client: pg.PoolClient,
  result: ScrapeResult,
  consecutiveFailures: number,
): Promise<RaisedAlert[]> {
  const { rows } = await client.query<{ kind: AlertKind }>(
    'SELECT kind FROM alerts WHERE subscription_id = $1 AND resolved_at IS NULL',
    [result.subscriptionId],
  );
  const open = new Set(rows.map((row) => row.kind));
  const changes = decideAlerts(
    result.outcome === 'success'
      ? { outcome: 'success', series: result.series }
      : { outcome: 'failure', consecutiveFailures, reason: result.reason },
    open,
  );
  if (changes.resolve.length > 0) {
    await client.query(
      `UPDATE alerts SET resolved_at = $3
       WHERE subscription_id = $1 AND kind = ANY($2) AND resolved_at IS NULL`,
      [result.subscriptionId, changes.resolve, result.fetchedAt],
    );
  }
  const subject = changes.raise.length > 0 ? await alertSubject(client, result) : '';
  for (const alert of changes.raise) {
    await client.query(
      `INSERT INTO alerts (id, subscription_id, tenant_id, kind, value, threshold, message, raised_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        uuidv7(),
        result.subscriptionId,
        result.tenantId,
        alert.kind,
        alert.value,
        alert.threshold,
        `${subject}: ${alert.message}`,
        result.fetchedAt,
      ],
    );
  }
  return changes.raise;
}

/** Who an alert is about, for a person reading it: the tenant's name from tenancy's events, else its id. */
async function alertSubject(client: pg.PoolClient, result: ScrapeResult): Promise<string> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM tenants WHERE tenant_id = $1', [
    result.tenantId,
  ]);
  return `${rows[0]?.name ?? `Tenant ${result.tenantId}`} (${result.domainUrl})`;
}
