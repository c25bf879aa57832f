export type CsvCell = string | number;

/**
 * RFC 4180 text: CRLF line ends, and a cell holding a comma, a quote or a line break is quoted with its quotes
 * doubled. A cell starting with =, +, - or @ is prefixed with a quote so a spreadsheet shows it rather than
 * running it as a formula; numbers are written as they are.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(cell: CsvCell): string {
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
