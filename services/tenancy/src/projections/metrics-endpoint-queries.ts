import type pg from 'pg';
import type { SubscriptionStatus } from '@app/contracts';

/** A subscription with a deployed app to watch, as the read model knows it; the key is only flagged here. */
export interface EndpointCandidate {
  subscriptionId: string;
  tenantId: string;
  productId: string;
  status: SubscriptionStatus;
  domainUrl: string;
  metricsApiKeyConfigured: boolean;
}

export interface EndpointFilter {
  tenantId?: string;
  subscriptionId?: string;
}

interface CandidateRow {
  id: string;
  tenant_id: string;
  product_id: string;
  status: SubscriptionStatus;
  domain_url: string;
  metrics_api_key_configured: boolean;
}

/** Subscriptions that have a domain URL, optionally of one tenant or just one; in a stable order. */
export async function findEndpointCandidates(
  db: pg.Pool,
  filter: EndpointFilter,
): Promise<EndpointCandidate[]> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT id, tenant_id, product_id, status, domain_url, metrics_api_key_configured
     FROM subscriptions
     WHERE domain_url IS NOT NULL
       AND ($1::uuid IS NULL OR tenant_id = $1::uuid)
       AND ($2::uuid IS NULL OR id = $2::uuid)
     ORDER BY tenant_id, created_at, id`,
    [filter.tenantId ?? null, filter.subscriptionId ?? null],
  );
  return rows.map((row) => ({
    subscriptionId: row.id,
    tenantId: row.tenant_id,
    productId: row.product_id,
    status: row.status,
    domainUrl: row.domain_url,
    metricsApiKeyConfigured: row.metrics_api_key_configured,
  }));
}
