import { csvCell, type CsvCell } from './csv-cell.js';

/** One record with its CRLF line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file held in memory: for the small tables a screen already holds (the analytics figures). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map(csvRow).join('');
}

/**
 * A file too large to hold: the header, then each record as its rows arrive, one line at a time. Whoever reads it
 * sets the pace (a Node stream's backpressure pulls the next line only when the last one went out), so memory
 * holds one page of rows whatever the file's length.
 */
export async function* csvLines(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): AsyncGenerator<string> {
  yield csvRow(header);
  for await (const row of rows) yield csvRow(row);
}
