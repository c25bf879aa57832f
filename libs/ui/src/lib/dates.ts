/** Dates are instants; a reader sees them on the calendar of the browser's time zone, the same on every screen. */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The instant an ISO date-time names, or undefined when there is none or it does not parse. */
export function parseInstant(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** "Nov 22, 2026", or undefined when the value is not a date (the caller picks its fallback). */
export function formatDate(value: string | null | undefined, format = dateFormat): string | undefined {
  const instant = parseInstant(value);
  return instant ? format.format(instant) : undefined;
}
