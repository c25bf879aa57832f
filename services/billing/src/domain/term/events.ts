import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema } from '@app/contracts';

/**
 * Billing's stored term events (stream `billing_term-<subscriptionId>`), private to it: the end of the paid term
 * of a subscription set to cancel at period end, decided by the renewal runner at the moment the next renewal
 * would have been issued. Others see billing.subscription.term-ended.v1, on which tenancy cancels it.
 */
const termEndedSchema = z.object({
  type: z.literal('TermEnded'),
  data: z.object({
    subscriptionId: idSchema,
    tenantId: idSchema,
    productId: idSchema,
    /** When the paid term ran out: the anniversary (or trial end) after the cancellation was asked for. */
    endedAt: isoDateTimeSchema,
  }),
});

export const termEventSchema = z.discriminatedUnion('type', [termEndedSchema]);
export type TermEvent = z.infer<typeof termEventSchema>;
export const termEventTypes = eventTypesOf(termEventSchema);
