const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * SPEC.md §3: an amount arrives as a number or a numeric string. Anything that is not a finite number counts
 * as 0, so one bad row cannot turn a total into NaN.
 */
export function toAmount(value: number | string | null | undefined): number {
  const amount = typeof value === 'string' ? Number(value.trim() === '' ? Number.NaN : value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
}

/** Summed in whole cents: the API's amounts have at most two decimals, and cents add up exactly. */
export function sumAmounts(values: Iterable<number | string | null | undefined>): number {
  let cents = 0;
  for (const value of values) cents += Math.round(toAmount(value) * 100);
  return cents / 100;
}

/** SPEC.md §1 and §2: US dollars to 2 decimals with thousands separators, `$1,299.00`, on every screen. */
export function formatUsd(value: number | string | null | undefined): string {
  return usd.format(toAmount(value));
}
