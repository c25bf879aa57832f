import { z } from 'zod';
import { isoDateTimeSchema, passwordSetReasonSchema } from '@app/contracts';

/**
 * The security notices' payloads (README "Who gets what": they go whatever the switches). Kept apart from the
 * account and billing messages, as they come from identity and say nothing about money.
 */

/** A password was set on an account that had one (identity.user.password-set.v1): when, and how. */
export const passwordChangedPayloadSchema = z.object({
  firstName: z.string().nullable(),
  reason: passwordSetReasonSchema,
  changedAt: isoDateTimeSchema,
});

/**
 * An administrator created the account, or issued a new link for it (identity's internal call, never an event):
 * the one-time link with which its owner chooses a password, and until when it works. The row keeps this sealed
 * (outbox/sealed-payloads.ts), as `setupUrl` opens the account.
 */
export const passwordSetupPayloadSchema = z.object({
  firstName: z.string().nullable(),
  email: z.string(),
  setupUrl: z.url({ protocol: /^https?$/ }),
  expiresAt: isoDateTimeSchema,
});
