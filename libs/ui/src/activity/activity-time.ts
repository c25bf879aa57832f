/** "Dec 1, 2026, 11:15 PM" on the browser's calendar and clock: an entry says when, to the minute. */
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function activityTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : timeFormat.format(new Date(time));
}
