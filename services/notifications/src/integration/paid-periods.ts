import type pg from 'pg';
import type { InvoicePaidV1Data } from '@app/contracts';

/** A paid invoice's period into paid_periods (migrations/003); one published before it had a period adds none. */
export async function recordPaidPeriod(tx: pg.PoolClient, invoice: InvoicePaidV1Data): Promise<void> {
  if (invoice.periodEnd === undefined) return;
  await tx.query(
    `INSERT INTO paid_periods (invoice_id, user_id, tenant_id, subscription_id, product_id, period_end)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (invoice_id) DO NOTHING`,
    [
      invoice.invoiceId,
      invoice.userId,
      invoice.tenantId,
      invoice.subscriptionId,
      invoice.productId,
      invoice.periodEnd,
    ],
  );
}

/**
 * When the period paid for a subscription ends, if a paid invoice has said so: the latest end after `after` among
 * the subscription's own invoices (renewals, upgrades) and the checkouts of its product by its tenant, or by its
 * owner when billing did not know the tenant at checkout. Null when none is known (a trial, an invoice not seen
 * yet): the message then says "at the end of the current billing period".
 */
export async function paidThrough(
  tx: pg.PoolClient,
  subscription: {
    subscriptionId: string;
    tenantId: string;
    productId: string;
    ownerId: string;
    after: string;
  },
): Promise<string | null> {
  const { rows } = await tx.query<{ period_end: Date | null }>(
    `SELECT max(period_end) AS period_end FROM paid_periods
     WHERE product_id = $3 AND period_end > $5
       AND (subscription_id = $1
         OR (subscription_id IS NULL AND (tenant_id = $2 OR (tenant_id IS NULL AND user_id = $4))))`,
    [
      subscription.subscriptionId,
      subscription.tenantId,
      subscription.productId,
      subscription.ownerId,
      subscription.after,
    ],
  );
  return rows[0]?.period_end?.toISOString() ?? null;
}
