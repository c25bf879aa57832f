import type pg from 'pg';
import { z } from 'zod';
import { idSchema, type ActivityFilters, type AuditFilters } from '@app/contracts';
import { keysetSql, pageFrom, type KeysetOrder, type Page } from '@app/service-kit';
import { auditConditions } from './audit-filters.js';
import { actorJoin, auditRowColumns, type AuditRow } from './audit-rows.js';

/**
 * The trail newest first (ARCHITECTURE.md "Decisions for growth"): keyset pages on (occurred_at, event_id), the
 * key's time as text to the microsecond as Postgres keeps it, so a page boundary never skips or repeats a row.
 */
const order: KeysetOrder = { columns: ['e.occurred_at', 'e.event_id'], direction: 'desc' };
export const auditKeySchema = z.tuple([z.iso.datetime({ precision: 6 }), idSchema]);
export type AuditKey = z.infer<typeof auditKeySchema>;

export interface PageRequest {
  after: AuditKey | undefined;
  limit: number;
}

const keyOf = (row: AuditRow): AuditKey => [row.occurred_key, row.event_id];

/** A page of every entry the filters let through (the admin's Activity, a details page's card). */
export async function listAuditEntries(
  db: pg.Pool,
  filters: Partial<AuditFilters>,
  page: PageRequest,
): Promise<Page<AuditRow>> {
  const params: unknown[] = [];
  const conditions = auditConditions(filters, params);
  const keyset = keysetSql(order, page.after, params);
  if (keyset.after !== null) conditions.push(keyset.after);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  // The page is cut before the actors are joined, so the join costs one lookup per row shown.
  const { rows } = await db.query<AuditRow>(
    `SELECT ${auditRowColumns}
       FROM (SELECT * FROM audit_entries e ${where} ${keyset.orderBy} LIMIT $${params.push(page.limit + 1)}) e
       ${actorJoin}
      ${keyset.orderBy}`,
    params,
  );
  return pageFrom(rows, page.limit, keyOf);
}

/**
 * A page of one customer's own trail: their tenants' entries (each tenant read newest first along its own index,
 * at most a page of it) and their account's, merged newest first. An entry about their tenant that also names
 * their account comes once, from the tenants' side.
 */
export async function listCustomerActivity(
  db: pg.Pool,
  customerId: string,
  filters: Partial<ActivityFilters>,
  page: PageRequest,
): Promise<Page<AuditRow>> {
  const params: unknown[] = [customerId];
  const conditions = auditConditions(filters, params);
  const keyset = keysetSql(order, page.after, params);
  if (keyset.after !== null) conditions.push(keyset.after);
  const extra = conditions.map((condition) => ` AND ${condition}`).join('');
  const limit = `$${params.push(page.limit + 1)}`;
  const { rows } = await db.query<AuditRow>(
    `SELECT ${auditRowColumns}
       FROM ((SELECT e.* FROM tenant_owners t
                CROSS JOIN LATERAL (SELECT * FROM audit_entries e WHERE e.tenant_id = t.tenant_id${extra}
                                     ${keyset.orderBy} LIMIT ${limit}) e
               WHERE t.owner_id = $1)
             UNION ALL
             (SELECT * FROM audit_entries e
               WHERE e.account_id = $1${extra}
                 AND (e.tenant_id IS NULL
                      OR NOT EXISTS (SELECT 1 FROM tenant_owners t WHERE t.tenant_id = e.tenant_id AND t.owner_id = $1))
               ${keyset.orderBy} LIMIT ${limit})) e
       ${actorJoin}
      ${keyset.orderBy}
      LIMIT ${limit}`,
    params,
  );
  return pageFrom(rows, page.limit, keyOf);
}

/** How many rows an export reads at a time: one page in memory whatever the file's length. */
export const exportPageRows = 500;

/**
 * Every entry of a list, page after page, read only as fast as the export is sent (csvLines pulls the next row when
 * the last one has gone out), so an export of the whole trail holds one page of it at a time.
 */
export async function* everyRow(
  listPage: (page: PageRequest) => Promise<Page<AuditRow>>,
  pageRows: number = exportPageRows,
): AsyncGenerator<AuditRow> {
  let after: AuditKey | undefined;
  for (;;) {
    const page = await listPage({ after, limit: pageRows });
    yield* page.rows;
    const last = page.rows.at(-1);
    if (page.next === undefined || last === undefined) return;
    after = keyOf(last);
  }
}
