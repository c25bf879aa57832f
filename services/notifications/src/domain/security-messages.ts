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
