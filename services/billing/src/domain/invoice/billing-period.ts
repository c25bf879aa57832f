/**
 * One calendar month from `start`, at the same time of day, clamped to the last day of a shorter month (Jan 31
 * → Feb 28/29), the way Stripe anchors monthly billing. Pure date arithmetic on UTC ISO strings.
 */
export function oneMonthAfter(start: string): string {
  const from = new Date(start);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(from);
  end.setUTCDate(1);
  end.setUTCMonth(month);
  end.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return end.toISOString();
}
