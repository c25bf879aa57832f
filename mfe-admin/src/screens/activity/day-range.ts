/**
 * The time range as a reader picks it: whole days on their own calendar, the first and the last day included. The
 * API's range is two instants, `from` included and `to` excluded, so the last day's end is the next day's start.
 */

/** `2026-11-03` (a date input's value) as the instant its day starts, in the browser's time zone. */
export function dayStart(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/** The instant after `day`'s last moment: the API's excluded `to` for a range that ends on `day`. */
export function dayEnd(day: string): string | undefined {
  const start = dayStart(day);
  if (start === undefined) return undefined;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** The date input's value of the day `instant` falls on. */
export function dayOf(instant: string | undefined): string {
  if (instant === undefined) return '';
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** The last day a range ending before `instant` includes. */
export function lastDayBefore(instant: string | undefined): string {
  const time = instant === undefined ? Number.NaN : Date.parse(instant);
  return Number.isNaN(time) ? '' : dayOf(new Date(time - 1).toISOString());
}
