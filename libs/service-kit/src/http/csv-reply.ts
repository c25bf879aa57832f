import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { csvLines, type CsvCell } from '@app/csv';

/** A cell of an export's row, so a service writes its rows without a dependency of its own on @app/csv. */
export type { CsvCell };

/**
 * Sends a list as a CSV download (issue 21: exports streamed, not built in memory): the header, then each row as
 * `rows` yields it. The stream pulls the next line only when the socket has taken the last ones, so a list of any
 * length holds one page of rows at a time. `fileName` must need no quoting (letters, digits, `-`, `.`).
 */
export function replyWithCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): FastifyReply {
  if (!/^[\w.-]+$/.test(fileName)) throw new Error(`unsafe CSV file name ${fileName}`);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvLines(header, rows)));
}

/** The OpenAPI description of an export's 200, a stream no serializer touches. */
export const csvResponse = {
  description: 'CSV (RFC 4180), one row per item, a header row first',
  content: { 'text/csv': { schema: z.unknown().meta({ type: 'string' }) } },
};

/** Rows of a list mapped one by one, as an export reads them. */
export async function* mapRows<Row>(
  rows: AsyncIterable<Row>,
  toCells: (row: Row) => readonly CsvCell[],
): AsyncGenerator<readonly CsvCell[]> {
  for await (const row of rows) yield toCells(row);
}
