import type pg from 'pg';
import { dollarsFromCents, type Invoice, type InvoiceStatus } from '@app/contracts';

interface InvoiceRow {
  id: string;
  number: string;
  amount_cents: string;
  currency: 'usd';
  status: InvoiceStatus;
  issued_at: Date;
  paid_at: Date | null;
  period_start: Date;
  period_end: Date;
  product_id: string;
  product_name: string | null;
  tenant_id: string | null;
}

/**
 * The buyer's own invoices, newest first (SPEC.md §7 GET /api/invoices), with the product's name from billing's
 * copy of the catalogue. Equal issue times fall back to the number, which only grows.
 */
export async function listInvoicesOf(db: pg.Pool, userId: string): Promise<Invoice[]> {
  const { rows } = await db.query<InvoiceRow>(
    `SELECT i.id, i.number, i.amount_cents, i.currency, i.status, i.issued_at, i.paid_at, i.period_start,
            i.period_end, i.product_id, p.name AS product_name, i.tenant_id
     FROM invoices i LEFT JOIN products p ON p.product_id = i.product_id
     WHERE i.user_id = $1
     ORDER BY i.issued_at DESC, length(i.number) DESC, i.number DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.number,
    amount: dollarsFromCents(Number(row.amount_cents)),
    currency: row.currency,
    status: row.status,
    createdAt: row.issued_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    productId: row.product_id,
    productName: row.product_name,
    tenantId: row.tenant_id,
  }));
}
