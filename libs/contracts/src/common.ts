import { z } from 'zod';

/** Ids are UUIDv7 strings (ARCHITECTURE.md "Decisions"); any RFC 4122 UUID is accepted on input. */
export const idSchema = z.uuid({ error: 'Must be a valid id (a UUID)' });

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Money crosses the API as dollars with at most 2 decimals and lives as integer cents everywhere else. */
export function centsFromDollars(dollars: number): number {
  return Math.round(dollars * 100);
}

export function dollarsFromCents(cents: number): number {
  return cents / 100;
}

/** True when `dollars` has no more than two decimal places (tolerating binary floating-point noise). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** RFC 9457 problem body, as every service and the gateway return it. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
