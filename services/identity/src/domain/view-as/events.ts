import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema } from '@app/contracts';

/**
 * An admin's view of a customer's account (issue 21 item 3), stream `identity_viewas-<sessionId>`. The admin's
 * sign-in session is named so the view lives only inside it; the customer's label is kept as it was at the start,
 * for the audit entries.
 */
const viewAsStartedSchema = z.object({
  type: z.literal('ViewAsStarted'),
  data: z.object({
    sessionId: idSchema,
    adminId: idSchema,
    adminSessionId: idSchema,
    customerId: idSchema,
    customerLabel: z.string(),
    reason: z.string(),
    startedAt: isoDateTimeSchema,
    expiresAt: isoDateTimeSchema,
  }),
});

/** `left`: the admin left the view; `expired`: its 30 minutes ran out (then `endedAt` is its expiry). */
export const viewAsEndings = ['left', 'expired'] as const;
export type ViewAsEnding = (typeof viewAsEndings)[number];

const viewAsEndedSchema = z.object({
  type: z.literal('ViewAsEnded'),
  data: z.object({
    sessionId: idSchema,
    ending: z.enum(viewAsEndings),
    endedAt: isoDateTimeSchema,
  }),
});

export const viewAsEventSchema = z.discriminatedUnion('type', [viewAsStartedSchema, viewAsEndedSchema]);
export type ViewAsEvent = z.infer<typeof viewAsEventSchema>;
export const viewAsEventTypes = eventTypesOf(viewAsEventSchema);
