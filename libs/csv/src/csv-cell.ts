export type CsvCell = string | number | null;

/**
 * A text cell starting with one of these is a formula to a spreadsheet, or becomes one once the program strips
 * the tab or carriage return in front (OWASP "CSV Injection"): =, +, - and @, tab and CR.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: a cell holding a comma, a quote or a line break is quoted with its quotes doubled. A text
 * cell a spreadsheet would run as a formula is prefixed with a quote, so it shows the text instead; numbers are
 * written as they are (a negative amount stays a number) and null as an empty field.
 */
export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
