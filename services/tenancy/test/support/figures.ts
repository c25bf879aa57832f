import type pg from 'pg';
import {
  dollarsFromCents,
  subscriptionStatuses,
  type SubscriptionSummary,
  type TenantSummary,
} from '@app/contracts';

/** The tenant figures counted from the rows now, as the summary must answer them. */
export async function countedTenantFigures(pool: pg.Pool, ownerId?: string): Promise<TenantSummary> {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT count(*) AS tenants, count(*) FILTER (WHERE status = 'active') AS active,
       count(*) FILTER (WHERE status = 'suspended') AS suspended, coalesce(sum(total_spent_cents), 0) AS cents,
       coalesce(sum(subscription_count), 0) AS subscriptions,
       coalesce(sum(active_subscriptions), 0) AS active_subscriptions
     FROM tenants WHERE $1::uuid IS NULL OR owner_id = $1`,
    [ownerId ?? null],
  );
  const row = rows[0] as Record<string, string>;
  return {
    totalTenants: Number(row.tenants),
    activeTenants: Number(row.active),
    suspendedTenants: Number(row.suspended),
    totalRevenue: dollarsFromCents(Number(row.cents)),
    totalSubscriptions: Number(row.subscriptions),
    activeSubscriptions: Number(row.active_subscriptions),
  };
}

/** A product's subscription counts from the rows now. */
export async function countedProductFigures(pool: pg.Pool, productId: string): Promise<SubscriptionSummary> {
  const { rows } = await pool.query<{ status: string; count: string }>(
    'SELECT status, count(*) FROM subscriptions WHERE product_id = $1 GROUP BY status',
    [productId],
  );
  const byStatus = Object.fromEntries(
    subscriptionStatuses.map((status) => [
      status,
      Number(rows.find((row) => row.status === status)?.count ?? 0),
    ]),
  ) as SubscriptionSummary['byStatus'];
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  return { totalSubscriptions: total, liveSubscriptions: total - byStatus.cancelled, byStatus };
}
