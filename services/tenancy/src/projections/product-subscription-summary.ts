import type pg from 'pg';
import type { SubscriptionStatus, SubscriptionSummary } from '@app/contracts';

/**
 * A product's subscriptions by status (GET /api/admin/products/{id}/subscriptions/summary), from the one row
 * triggers keep per product (migrations/108_product_subscription_counts.sql): the answer costs the same however
 * many subscriptions the product has. A product without any reads as zeros.
 */
export async function productSubscriptionSummary(
  db: pg.Pool,
  productId: string,
): Promise<SubscriptionSummary> {
  const { rows } = await db.query<Record<SubscriptionStatus, string>>(
    'SELECT active, trial, suspended, cancelled FROM product_subscription_counts WHERE product_id = $1',
    [productId],
  );
  const counts = rows[0];
  const byStatus = {
    active: Number(counts?.active ?? 0),
    trial: Number(counts?.trial ?? 0),
    suspended: Number(counts?.suspended ?? 0),
    cancelled: Number(counts?.cancelled ?? 0),
  };
  const totalSubscriptions = byStatus.active + byStatus.trial + byStatus.suspended + byStatus.cancelled;
  return { totalSubscriptions, liveSubscriptions: totalSubscriptions - byStatus.cancelled, byStatus };
}
