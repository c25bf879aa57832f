import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpProblem, problemType } from './problem.js';

/**
 * Keyset paging for every list route (ARCHITECTURE.md "Decisions for growth"; the query side is
 * `pageQueryShape` in @app/contracts). A list orders by a unique key of a few columns, all in one direction;
 * a page asks for the rows after the last one the previous page showed, `limit + 1` of them, and the extra row
 * only says a next page exists. The key travels as an opaque cursor: base64url of its JSON array.
 */
export type KeysetDirection = 'asc' | 'desc';

export interface KeysetOrder {
  /** SQL expressions of the key, most significant first; together they must be unique. */
  columns: readonly string[];
  direction: KeysetDirection;
}

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The key a cursor holds, checked against the list's own key schema, or undefined without a cursor. A cursor that
 * is not one this list gave out (edited, from another list, from an older format) is a 400, never a wrong page.
 */
export function decodeCursor<Key extends readonly unknown[]>(
  cursor: string | undefined,
  keySchema: z.ZodType<Key>,
): Key | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = keySchema.safeParse(decoded);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

function invalidCursor(): HttpProblem {
  return new HttpProblem(
    400,
    'The cursor is not one this list gave out. Start again from the first page, without a cursor.',
    { type: problemType('invalid-cursor'), errors: [{ path: 'cursor', message: 'Unknown cursor' }] },
  );
}

/**
 * The SQL of a keyset page: the condition "after `key`" (null on the first page) and the ORDER BY. Values are
 * appended to `params` and referred to by number, so the caller's other conditions keep theirs.
 */
export function keysetSql(
  order: KeysetOrder,
  key: readonly unknown[] | undefined,
  params: unknown[],
): { after: string | null; orderBy: string } {
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC';
  const orderBy = `ORDER BY ${order.columns.map((column) => `${column} ${direction}`).join(', ')}`;
  if (key === undefined) return { after: null, orderBy };
  if (key.length !== order.columns.length) throw invalidCursor();
  const placeholders = key.map((value) => {
    params.push(value);
    return `$${params.length}`;
  });
  const comparison = order.direction === 'asc' ? '>' : '<';
  return { after: `(${order.columns.join(', ')}) ${comparison} (${placeholders.join(', ')})`, orderBy };
}

export interface Page<Row> {
  rows: Row[];
  /** The cursor of the page after this one, when there is one. */
  next: string | undefined;
}

/** A page from the `limit + 1` rows a keyset query fetched: the extra row only says that more remain. */
export function pageFrom<Row>(
  fetched: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly unknown[],
): Page<Row> {
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  return { rows, next: fetched.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : undefined };
}

/**
 * Sends a page's items, with RFC 8288 `Link: <…>; rel="next"` while more remain: the address of this request
 * (path and every parameter as asked) with the next cursor in place of this one. Relative, so it holds behind the
 * gateway, which proxies paths unchanged.
 */
export function replyWithPage<Item>(
  request: FastifyRequest,
  reply: FastifyReply,
  items: Item[],
  next: string | undefined,
): Item[] {
  if (next !== undefined) reply.header('link', `<${nextPageAddress(request.url, next)}>; rel="next"`);
  return items;
}

export function nextPageAddress(url: string, cursor: string): string {
  const address = new URL(url, 'http://service.invalid');
  address.searchParams.set('cursor', cursor);
  return `${address.pathname}${address.search}`;
}

/**
 * The LIKE pattern of a list's `q`: the user's text as a literal substring anywhere, its `%`, `_` and `\` escaped
 * (the backslash is LIKE's default escape). Compare as `lower(column) LIKE lower($n)`, which a trigram GIN index on
 * `lower(column)` answers.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
