import { z } from 'zod';
import { idSchema } from '@app/contracts';
import { decodeCursor, keysetSql, pageFrom, type Page } from '@app/service-kit';

/**
 * Newest first, the order of every tenancy list (ARCHITECTURE.md "Decisions for growth"): (created_at, id)
 * descending, a unique key, walked by keyset. The time travels in the cursor as Postgres holds it, to the
 * microsecond (UTC, ISO form): a JS Date keeps milliseconds, and a boundary rounded to them skips or repeats rows.
 */
const createdKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine(isCalendarTime);
const newestFirstKeySchema = z.tuple([createdKeySchema, idSchema]);

/** A time Postgres can read back: the regex admits 2026-02-30, which Date rolls over into March. */
function isCalendarTime(text: string): boolean {
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === text.slice(0, 19);
}

/** The select-list item a newest-first page keys its rows by, from the table aliased `alias`. */
export const createdKeyColumn = (alias: string) =>
  `to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`;

/** The rows after the cursor's (null on the first page) and the ORDER BY; values go to `params`. */
export function newestFirst(alias: string, cursor: string | undefined, params: unknown[]) {
  return keysetSql(
    { columns: [`${alias}.created_at`, `${alias}.id`], direction: 'desc' },
    decodeCursor(cursor, newestFirstKeySchema),
    params,
  );
}

/** A page from the `limit + 1` rows fetched in that order. */
export function newestFirstPage<Row extends { created_key: string; id: string }>(
  rows: readonly Row[],
  limit: number,
): Page<Row> {
  return pageFrom(rows, limit, (row) => [row.created_key, row.id]);
}

/** `WHERE a AND b …` of the conditions given, or nothing. */
export function whereAll(conditions: readonly (string | null)[]): string {
  const present = conditions.filter((condition) => condition !== null);
  return present.length === 0 ? '' : `WHERE ${present.join(' AND ')}`;
}
