import { z } from 'zod';
import { isoDateTimeSchema } from '../common.js';
import { billingCurrencySchema } from './integration-events.js';

/** The longest range one GET /api/admin/billing/revenue answers: five years of months, both ends included. */
export const maxRevenueMonths = 60;

/** A UTC calendar month, `2026-11`. */
export const revenueMonthSchema = z
  .string({ error: 'A month is written YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM');

/** Months between two YYYY-MM months, both included (2026-01 to 2026-03 is 3). */
export function monthsSpanned(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/**
 * GET /api/admin/billing/revenue query: UTC calendar months, both included. Without either, the 12 months up to
 * and including the current one; the two go together so that neither end is a guess.
 */
export const revenueQuerySchema = z
  .strictObject({
    from: revenueMonthSchema.optional().describe('First month, YYYY-MM (UTC); with `to`'),
    to: revenueMonthSchema
      .optional()
      .describe('Last month, YYYY-MM (UTC), at most the current one; with `from`'),
  })
  .refine(({ from, to }) => (from === undefined) === (to === undefined), {
    message: 'from and to must be given together',
    path: ['from'],
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    message: 'to must not be before from',
    path: ['to'],
  })
  .refine(
    ({ from, to }) => from === undefined || to === undefined || monthsSpanned(from, to) <= maxRevenueMonths,
    { message: `The range may span at most ${maxRevenueMonths} months`, path: ['to'] },
  );
export type RevenueQuery = z.input<typeof revenueQuerySchema>;

const dollars = z.number().describe('US dollars, at most 2 decimals');
const count = z.number().int().nonnegative();
/** A ratio as a fraction (1.02 is 102 %), to 4 decimals; null when its denominator is zero. */
const ratio = z.number().nullable();

/**
 * One month's revenue figures (services/billing/README.md "Revenue analytics" defines each). Money in dollars;
 * `contractionMrr` and `churnedMrr` are amounts lost, written as positive numbers. Figures "at start" are those at
 * the end of the month before; the others at the month's end, or now for the current month.
 */
export const revenueMonthFiguresSchema = z.object({
  month: revenueMonthSchema,
  mrrAtStart: dollars,
  mrr: dollars,
  newMrr: dollars,
  expansionMrr: dollars,
  contractionMrr: dollars,
  churnedMrr: dollars,
  reactivationMrr: dollars,
  netNewMrr: dollars,
  customersAtStart: count,
  customers: count,
  newCustomers: count,
  churnedCustomers: count,
  reactivatedCustomers: count,
  netRevenueRetention: ratio,
  logoChurnRate: ratio,
  /** MRR per paying customer at the month's end; null with none. */
  arpa: dollars.nullable(),
  collected: dollars,
  paidInvoices: count,
  outstanding: dollars,
  overdue: dollars,
});
export type RevenueMonthFigures = z.infer<typeof revenueMonthFiguresSchema>;

export const revenueReportSchema = z.object({
  currency: billingCurrencySchema,
  from: revenueMonthSchema,
  to: revenueMonthSchema,
  /** The moment the current month's figures stand at. */
  asOf: isoDateTimeSchema,
  /** Every month of the range, oldest first, months without any change included. */
  months: z.array(revenueMonthFiguresSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;
