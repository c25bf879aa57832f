import type { Page } from './paging.js';

/** How many rows an export reads at a time: one page in memory whatever the file's length. */
export const exportPageRows = 500;

/** One page of a list from its cursor (none for the first page), as the list's own route reads it. */
export type ListPage<Row> = (page: { cursor: string | undefined; limit: number }) => Promise<Page<Row>>;

/**
 * Every row of a keyset-paged list, page after page, each read only when the last one has been sent (replyWithCsv
 * pulls a row when the socket has taken the line before), so an export of a list of any length holds one page of
 * it at a time. Each page follows the last one's cursor, as a client following Link rel="next" would.
 */
export async function* everyListedRow<Row>(
  listPage: ListPage<Row>,
  pageRows: number = exportPageRows,
): AsyncGenerator<Row> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listPage({ cursor, limit: pageRows });
    yield* page.rows;
    if (page.next === undefined || page.rows.length === 0) return;
    cursor = page.next;
  }
}

/** `users-2026-12-01.csv`: what the file holds and the day it was taken, in UTC. */
export function csvFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
