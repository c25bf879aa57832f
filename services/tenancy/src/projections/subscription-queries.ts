import type pg from 'pg';
import {
  defaultProductColor,
  dollarsFromCents,
  type Subscription,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@app/contracts';
import { createdKeyColumn } from './newest-first.js';

/** What a subscription list shows for a product tenancy never heard of (SPEC.md §2 fallbacks). */
export const unknownProductName = 'Unknown Product';
export { defaultProductColor };

export interface SubscriptionRow {
  id: string;
  tenant_id: string;
  product_id: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  amount_cents: string;
  domain_url: string | null;
  metrics_api_key_configured: boolean;
  cancel_at_period_end: boolean;
  created_at: Date;
  revision: string;
  product_name: string | null;
  product_base_price_cents: string | null;
  product_color: string | null;
  tenant_name: string | null;
  created_key: string;
}

/**
 * Subscriptions of `source` (the table, or a subquery of its rows) as `s`, joined with tenancy's copy of the
 * catalogue and the tenants read model; no secret is selected.
 */
export const selectSubscriptionsFrom = (source: string) => `
  SELECT s.id, s.tenant_id, s.product_id, s.plan, s.status, s.amount_cents, s.domain_url,
    s.metrics_api_key_configured, s.cancel_at_period_end, s.created_at, s.revision,
    p.name AS product_name, p.base_price_cents AS product_base_price_cents, p.color AS product_color,
    t.name AS tenant_name, ${createdKeyColumn('s')}
  FROM ${source} s
  LEFT JOIN products p ON p.product_id = s.product_id
  LEFT JOIN tenants t ON t.id = s.tenant_id`;

export function toSubscription(row: SubscriptionRow): Subscription {
  const productName = row.product_name ?? unknownProductName;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    productId: row.product_id,
    productName,
    plan: row.plan,
    status: row.status,
    amount: dollarsFromCents(Number(row.amount_cents)),
    domainUrl: row.domain_url,
    metricsApiKeyConfigured: row.metrics_api_key_configured,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    product: {
      name: productName,
      basePrice: dollarsFromCents(Number(row.product_base_price_cents ?? 0)),
      color: row.product_color ?? defaultProductColor,
    },
    tenant: { name: row.tenant_name ?? '' },
    createdAt: row.created_at.toISOString(),
  };
}

export async function findSubscription(
  db: pg.Pool,
  subscriptionId: string,
): Promise<{ subscription: Subscription; revision: number } | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `${selectSubscriptionsFrom('subscriptions')} WHERE s.id = $1`,
    [subscriptionId],
  );
  const row = rows[0];
  return row ? { subscription: toSubscription(row), revision: Number(row.revision) } : null;
}

/** The user who owns the subscription's tenant, as the read model has it; null for none or no such one. */
export async function subscriptionOwner(db: pg.Pool, subscriptionId: string): Promise<string | null> {
  const { rows } = await db.query<{ owner_id: string | null }>(
    'SELECT owner_id FROM subscriptions WHERE id = $1',
    [subscriptionId],
  );
  return rows[0]?.owner_id ?? null;
}

export async function tenantExists(db: pg.Pool | pg.PoolClient, tenantId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId]);
  return rowCount === 1;
}

/** A live subscription (not cancelled) of the tenant to the product, other than `exceptId`. */
export async function hasLiveSubscription(
  db: pg.Pool | pg.PoolClient,
  tenantId: string,
  productId: string,
  exceptId: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM subscriptions
     WHERE tenant_id = $1 AND product_id = $2 AND status <> 'cancelled' AND id IS DISTINCT FROM $3`,
    [tenantId, productId, exceptId],
  );
  return (rowCount ?? 0) > 0;
}
