/**
 * When a saved card stops being good: it is valid through the last day of its expiry month (as card networks and
 * the Sandbox read it, in UTC), so the first instant it is not is the start of the next month. Pure.
 */
export function cardGoodUntil(expMonth: number, expYear: number): Date {
  // Date.UTC's months count from 0, so `expMonth` is already the month after (December rolls into January).
  return new Date(Date.UTC(expYear, expMonth, 1));
}

/** The card will have expired by `at` (a renewal's time). A card without a known expiry is not said to. */
export function expiresBefore(
  card: { expMonth: number | null; expYear: number | null },
  at: string | null,
): boolean {
  if (at === null || card.expMonth === null || card.expYear === null) return false;
  return Date.parse(at) >= cardGoodUntil(card.expMonth, card.expYear).getTime();
}
