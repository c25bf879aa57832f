/** Display texts for the page's figures; dates are UTC days, so they are formatted in UTC. */
const count = new Intl.NumberFormat('en-US');
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatCount(value: number): string {
  return count.format(value);
}

/** "Nov 21": short enough for a chart axis on a phone. */
export function shortDay(day: string): string {
  return shortDayFormat.format(Date.parse(day));
}

/** "Nov 21, 2026". */
export function fullDay(day: string): string {
  return fullDayFormat.format(Date.parse(day));
}

/** "Nov 2026" for a YYYY-MM month. */
export function monthLabel(month: string): string {
  return monthFormat.format(Date.parse(`${month}-01`));
}

/** "1 usage record", "3 usage records". */
export function counted(value: number, singular: string, plural: string): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
