import type pg from 'pg';
import { z } from 'zod';
import {
  dollarsFromCents,
  invoiceNumberSchema,
  type Invoice,
  type InvoiceProration,
  type InvoiceStatus,
} from '@app/contracts';
import type { InvoiceProration as StoredProration } from '../domain/invoice/events.js';
import { keysetSql, pageFrom, type KeysetOrder } from '@app/service-kit';
import { instantKeySchema, instantKeySql } from './page-keys.js';

export interface InvoiceRow {
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
  proration: StoredProration | null;
}

/** Where a page of invoices starts: after this issue time and number (a cursor's content). */
export const invoiceKeySchema = z.tuple([instantKeySchema, invoiceNumberSchema]);
export type InvoiceKey = z.infer<typeof invoiceKeySchema>;

/**
 * Newest first; equal issue times fall back to the number, which only grows, compared as a number (length
 * first). migrations/301_invoice_pages.sql indexes exactly this order, per user and per user and status, and
 * 321_admin_invoice_list.sql for the admin's list and each of its filters.
 */
export const newestFirst: KeysetOrder = {
  columns: ['i.issued_at', 'length(i.number)', 'i.number'],
  direction: 'desc',
};

export interface InvoicePageQuery {
  status?: InvoiceStatus | undefined;
  limit: number;
  after?: InvoiceKey | undefined;
}

/**
 * One page of the buyer's own invoices (SPEC.md §7 GET /api/invoices), with the product's name from billing's
 * copy of the catalogue, and the cursor of the next page while more remain.
 */
export async function listInvoicesOf(db: pg.Pool, userId: string, query: InvoicePageQuery) {
  const params: unknown[] = [userId];
  const conditions = ['i.user_id = $1'];
  if (query.status !== undefined) {
    params.push(query.status);
    conditions.push(`i.status = $${params.length}`);
  }
  const after = query.after && [query.after[0], query.after[1].length, query.after[1]];
  const keyset = keysetSql(newestFirst, after, params);
  if (keyset.after) conditions.push(keyset.after);
  params.push(query.limit + 1);
  const { rows } = await db.query<InvoiceRow & { issued_key: string }>(
    `SELECT i.id, i.number, i.amount_cents, i.currency, i.status, i.issued_at, i.paid_at, i.period_start,
            i.period_end, i.product_id, p.name AS product_name, i.tenant_id, i.proration,
            ${instantKeySql('i.issued_at')} AS issued_key
     FROM invoices i LEFT JOIN products p ON p.product_id = i.product_id
     WHERE ${conditions.join(' AND ')}
     ${keyset.orderBy}
     LIMIT $${params.length}`,
    params,
  );
  const page = pageFrom(rows, query.limit, (row): InvoiceKey => [row.issued_key, row.number]);
  return { items: page.rows.map(toInvoice), next: page.next };
}

/** One invoice as the list shows it, and whose it is (the buyer's user id); null for an id never issued. */
export async function findInvoice(
  db: pg.Pool,
  invoiceId: string,
): Promise<{ invoice: Invoice; userId: string } | null> {
  const { rows } = await db.query<InvoiceRow & { user_id: string }>(
    `SELECT i.id, i.number, i.amount_cents, i.currency, i.status, i.issued_at, i.paid_at, i.period_start,
            i.period_end, i.product_id, p.name AS product_name, i.tenant_id, i.proration, i.user_id
     FROM invoices i LEFT JOIN products p ON p.product_id = i.product_id
     WHERE i.id = $1`,
    [invoiceId],
  );
  const row = rows[0];
  return row ? { invoice: toInvoice(row), userId: row.user_id } : null;
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
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
    proration: row.proration ? prorationOf(row.proration) : null,
  };
}

function prorationOf(stored: StoredProration): InvoiceProration {
  const { previousAmountCents, amountCents, ...rest } = stored;
  return {
    ...rest,
    previousAmount: dollarsFromCents(previousAmountCents),
    amount: dollarsFromCents(amountCents),
  };
}
