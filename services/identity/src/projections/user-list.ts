import type pg from 'pg';
import { z } from 'zod';
import { idSchema, type User, type UserRole } from '@app/contracts';
import { containsPattern, keysetSql, pageFrom, type KeysetOrder, type Page } from '@app/service-kit';
import { toUser, userColumns, usersWithCustomers, type UserRow } from './user-queries.js';

/**
 * GET /api/admin/users, a page at a time, newest first (ARCHITECTURE.md "Decisions for growth"). The cursor holds
 * the last row's created_at as text to the microsecond, as Postgres keeps it: a JS Date keeps milliseconds only,
 * and a key rounded to them would skip or repeat rows at a page boundary. zod's ISO check refuses what SQL could
 * not cast (a 30th of February), so a forged cursor is a 400, never a 500.
 */
const order: KeysetOrder = { columns: ['u.created_at', 'u.id'], direction: 'desc' };
const createdKey = `to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`;

export const userKeySchema = z.tuple([z.iso.datetime({ precision: 6 }), idSchema]);
export type UserKey = z.infer<typeof userKeySchema>;

/** The expressions migrations/110 indexes with trigrams; a whole "first last" name matches too. */
const fullName = `lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`;
const email = 'lower(u.email)';

export interface UserFilters {
  /** A substring of the full name or the email, in any case. */
  q?: string | undefined;
  role?: UserRole | undefined;
}

export async function listUsers(
  db: pg.Pool,
  filters: UserFilters,
  page: { after: UserKey | undefined; limit: number },
): Promise<Page<User>> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (filters.role !== undefined) conditions.push(`u.role = ${param(filters.role)}`);
  if (filters.q !== undefined) {
    const pattern = param(containsPattern(filters.q));
    conditions.push(`(${fullName} LIKE lower(${pattern}) OR ${email} LIKE lower(${pattern}))`);
  }
  const keyset = keysetSql(order, page.after, params);
  if (keyset.after !== null) conditions.push(keyset.after);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<UserRow & { created_key: string }>(
    `SELECT ${userColumns}, ${createdKey} FROM ${usersWithCustomers} ${where} ${keyset.orderBy}
      LIMIT ${param(page.limit + 1)}`,
    params,
  );
  const { rows: users, next } = pageFrom(rows, page.limit, (row) => [row.created_key, row.id]);
  return { rows: users.map(toUser), next };
}
