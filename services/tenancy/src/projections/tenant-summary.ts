import type pg from 'pg';
import { dollarsFromCents, type TenantSummary } from '@app/contracts';

interface FiguresRow {
  tenants: string;
  active_tenants: string;
  suspended_tenants: string;
  total_spent_cents: string;
  subscriptions: string;
  active_subscriptions: string;
}

/**
 * The dashboards' tenant figures (GET /api/admin/tenants/summary): every tenant's from the one row that triggers
 * keep (migrations/107_tenant_totals.sql), so the answer costs the same however many tenants there are; one
 * owner's summed over their tenants through the owner index, a range one user's tenants bound.
 */
export async function tenantSummary(db: pg.Pool, ownerId: string | undefined): Promise<TenantSummary> {
  const { rows } =
    ownerId === undefined
      ? await db.query<FiguresRow>('SELECT * FROM tenant_totals')
      : await db.query<FiguresRow>(
          `SELECT count(*) AS tenants,
             count(*) FILTER (WHERE status = 'active') AS active_tenants,
             count(*) FILTER (WHERE status = 'suspended') AS suspended_tenants,
             coalesce(sum(total_spent_cents), 0) AS total_spent_cents,
             coalesce(sum(subscription_count), 0) AS subscriptions,
             coalesce(sum(active_subscriptions), 0) AS active_subscriptions
           FROM tenants WHERE owner_id = $1`,
          [ownerId],
        );
  const figures = rows[0];
  if (!figures) throw new Error('tenant_totals has no row: migration 107 makes it');
  return {
    totalTenants: Number(figures.tenants),
    activeTenants: Number(figures.active_tenants),
    suspendedTenants: Number(figures.suspended_tenants),
    totalRevenue: dollarsFromCents(Number(figures.total_spent_cents)),
    totalSubscriptions: Number(figures.subscriptions),
    activeSubscriptions: Number(figures.active_subscriptions),
  };
}
