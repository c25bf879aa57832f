import type pg from 'pg';
import type { TenantMetricsDocument, TenantMetricsGroup } from '@app/contracts';

export interface LatestDocument {
  subscriptionId: string;
  domainUrl: string;
  fetchedAt: Date;
  document: TenantMetricsDocument;
  missingGroups: TenantMetricsGroup[];
}

interface LatestRow {
  subscription_id: string;
  domain_url: string;
  fetched_at: Date;
  document: TenantMetricsDocument;
  missing_groups: TenantMetricsGroup[];
}

/** The last good document of one of the tenant's subscriptions, or of whichever was fetched most recently. */
export async function findLatestDocument(
  db: pg.Pool,
  tenantId: string,
  subscriptionId?: string,
): Promise<LatestDocument | null> {
  const { rows } = await db.query<LatestRow>(
    `SELECT subscription_id, domain_url, fetched_at, document, missing_groups FROM latest_documents
     WHERE tenant_id = $1 AND ($2::uuid IS NULL OR subscription_id = $2::uuid)
     ORDER BY fetched_at DESC LIMIT 1`,
    [tenantId, subscriptionId ?? null],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return {
    subscriptionId: row.subscription_id,
    domainUrl: row.domain_url,
    fetchedAt: row.fetched_at,
    document: row.document,
    missingGroups: row.missing_groups,
  };
}
