import type pg from 'pg';
import type { z } from 'zod';
import type { AdminInvoice, adminInvoiceListQuerySchema } from '@app/contracts';
import { containsPattern, decodeCursor, keysetSql, pageFrom, type Page } from '@app/service-kit';
import { instantKeySql } from './page-keys.js';
import {
  invoiceKeySchema,
  newestFirst,
  toInvoice,
  type InvoiceKey,
  type InvoiceRow,
} from './invoice-queries.js';

export type AdminInvoicePageQuery = z.output<typeof adminInvoiceListQuerySchema>;

type AdminInvoiceRow = InvoiceRow & {
  user_id: string;
  subscription_id: string | null;
  buyer_email: string | null;
  buyer_first_name: string | null;
  buyer_last_name: string | null;
  issued_key: string;
};

/**
 * A page of every customer's invoices, newest first (the Admin Portal's Invoices and its export), each with its
 * product's name and its buyer as billing's copy of identity names them. Each filter is answered by an index in
 * the list's order (migrations/321_admin_invoice_list.sql). `q` matches the number through its trigram index, or
 * the buyers whose email matches (their trigram index, once per query) through each buyer's own index: the two
 * are one bitmap OR, not a scan of every invoice.
 */
export async function listAllInvoices(
  db: pg.Pool,
  query: AdminInvoicePageQuery,
): Promise<Page<AdminInvoice>> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (query.q !== undefined) {
    const pattern = param(containsPattern(query.q));
    conditions.push(
      `(lower(i.number) LIKE lower(${pattern}) OR i.user_id = ANY (ARRAY(
         SELECT user_id FROM buyers WHERE lower(email) LIKE lower(${pattern}))))`,
    );
  }
  if (query.status !== undefined) conditions.push(`i.status = ${param(query.status)}`);
  if (query.tenantId !== undefined) conditions.push(`i.tenant_id = ${param(query.tenantId)}`);
  if (query.productId !== undefined) conditions.push(`i.product_id = ${param(query.productId)}`);
  const key = decodeCursor(query.cursor, invoiceKeySchema);
  const keyset = keysetSql(newestFirst, key && [key[0], key[1].length, key[1]], params);
  if (keyset.after) conditions.push(keyset.after);
  const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  const { rows } = await db.query<AdminInvoiceRow>(
    `SELECT i.id, i.number, i.amount_cents, i.currency, i.status, i.issued_at, i.paid_at, i.period_start,
            i.period_end, i.product_id, p.name AS product_name, i.tenant_id, i.proration, i.user_id,
            i.subscription_id, b.email AS buyer_email, b.first_name AS buyer_first_name,
            b.last_name AS buyer_last_name, ${instantKeySql('i.issued_at')} AS issued_key
     FROM invoices i
       LEFT JOIN products p ON p.product_id = i.product_id
       LEFT JOIN buyers b ON b.user_id = i.user_id
     ${where}
     ${keyset.orderBy}
     LIMIT ${param(query.limit + 1)}`,
    params,
  );
  const page = pageFrom(rows, query.limit, (row): InvoiceKey => [row.issued_key, row.number]);
  return { rows: page.rows.map(toAdminInvoice), next: page.next };
}

function toAdminInvoice(row: AdminInvoiceRow): AdminInvoice {
  const name = [row.buyer_first_name, row.buyer_last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return {
    ...toInvoice(row),
    customer: { id: row.user_id, email: row.buyer_email, name: name === '' ? null : name },
    subscriptionId: row.subscription_id,
  };
}
