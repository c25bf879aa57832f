import { z } from 'zod';
import { minimumChargeCents } from '../../domain/payment/checkout-price.js';
import type { RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';

/**
 * The environment of renewals and dunning, as a fragment of billing's config schema (README "Configuration").
 * The retry schedule is days after a renewal's first attempt, increasing: `1,3,5` retries one, three and five
 * days later, and the invoice is overdue when the last of them fails; `none` makes it overdue at the first decline.
 */
export const renewalVariables = {
  RENEWAL_TICK_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  RENEWAL_RETRY_DAYS: z
    .string()
    .default('1,3,5')
    .transform((text) => (text.trim() === 'none' ? [] : text.split(',').map((part) => Number(part.trim()))))
    .pipe(
      z
        .array(
          z.number().int('must be whole days').min(1, 'must be at least 1 day').max(60, 'at most 60 days'),
        )
        .max(10, 'at most 10 retries')
        .refine(
          (days) => days.every((day, index) => index === 0 || day > (days[index - 1] ?? 0)),
          'must be increasing, such as 1,3,5',
        ),
    ),
};

export function renewalPolicyOf(config: { TRIAL_DAYS: number; RENEWAL_RETRY_DAYS: number[] }): RenewalPolicy {
  return {
    trialDays: config.TRIAL_DAYS,
    retryAfterDays: config.RENEWAL_RETRY_DAYS,
    minimumChargeCents,
  };
}
