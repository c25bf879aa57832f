import type { FastifyReply } from 'fastify';
import { csvResponse, mapRows, replyWithCsv, type CsvCell } from './csv-reply.js';
import { csvFileName, everyListedRow, type ListPage } from './export-rows.js';

/** An export's columns: the header row and how one row of the list becomes its cells. */
export interface CsvColumns<Row> {
  header: readonly string[];
  cells: (row: Row) => readonly CsvCell[];
}

/**
 * The options of an admin list's CSV export route (issue 21 item 4): for admins only, with the list's own query
 * (without its paging) and a CSV 200 in the API document. Spread `params` or other schema parts in as usual.
 */
export function adminExportRoute<Schema extends { summary: string; description: string; tags: string[] }>(
  schema: Schema,
) {
  return { config: { policy: 'admin' as const }, schema: { ...schema, response: { 200: csvResponse } } };
}

/**
 * Sends every row of a keyset-paged list as `<name>-<day>.csv`, read a page at a time as the download takes it,
 * so a list of any length holds one page in memory.
 */
export function replyWithListExport<Row>(
  reply: FastifyReply,
  file: { name: string; now: Date },
  columns: CsvColumns<Row>,
  listPage: ListPage<Row>,
): FastifyReply {
  const rows = mapRows(everyListedRow(listPage), columns.cells);
  return replyWithCsv(reply, csvFileName(file.name, file.now), columns.header, rows);
}
