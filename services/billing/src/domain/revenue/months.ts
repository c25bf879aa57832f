/**
 * Revenue is reported by UTC calendar month, written `2026-11` (libs/contracts revenueMonthSchema): the month an
 * instant falls in, months before and after, and the first day of one, as its read-model rows key it.
 */
export function monthOf(instant: string | Date): string {
  return new Date(instant).toISOString().slice(0, 7);
}

/** `month` moved by `count` months, forward or back: addMonths('2026-01', -1) is '2025-12'. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included, oldest first; none when `to` is before `from`. */
export function monthRange(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The month's first day, `2026-11-01`: the `date` that keys a month's row. */
export function firstDayOf(month: string): string {
  return `${month}-01`;
}
