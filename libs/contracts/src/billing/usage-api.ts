import { z } from 'zod';
import { pageQueryShape } from '../paging.js';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { usageMetricSchema } from '../gateway/integration-events.js';

/** The widest range one GET /api/usage answers, both ends included: a year, leap day and all. */
export const maxUsageRangeDays = 366;

const dayMs = 24 * 60 * 60 * 1000;

const usageDateSchema = (name: 'from' | 'to') =>
  z.iso.date({ error: `${name} must be a date written YYYY-MM-DD` });

/**
 * GET /api/usage query: whole UTC days, both included (`from=2026-03-01&to=2026-03-31` is March). Without
 * either, the current UTC month; the two go together so that neither end is a guess.
 */
export const usageQuerySchema = z
  .strictObject({
    ...pageQueryShape,
    from: usageDateSchema('from').optional(),
    to: usageDateSchema('to').optional(),
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
    ({ from, to }) =>
      from === undefined ||
      to === undefined ||
      (Date.parse(to) - Date.parse(from)) / dayMs + 1 <= maxUsageRangeDays,
    { message: `The range may span at most ${maxUsageRangeDays} days`, path: ['to'] },
  );
export type UsageQuery = z.input<typeof usageQuerySchema>;

/**
 * SPEC.md §3 Usage record: one per metric and UTC day with any use, over [`periodStart`, `periodEnd`) (midnight
 * to midnight UTC). The dashboard's "Usage This Month" is the sum of `quantity` over the records it gets.
 */
export const usageRecordSchema = z.object({
  /** Stable for a user, metric and day: the same record keeps its id as its quantity grows. */
  id: idSchema,
  metric: usageMetricSchema,
  quantity: z.number().int().nonnegative(),
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;
export const usageRecordListSchema = z.array(usageRecordSchema);
