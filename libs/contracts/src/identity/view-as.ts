import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';

/**
 * View as customer (issue 21 item 3): an admin opens a customer's screens read-only after giving a reason. The
 * view lasts 30 minutes at most; every write in it is refused by the services (403 `urn:problem:read-only-view`).
 */
export const viewAsDurationMinutes = 30;
export const viewAsReasonMaxLength = 500;

export const viewAsReasonMessages = {
  required: 'Enter a reason for viewing this account.',
  tooLong: `A reason must be at most ${viewAsReasonMaxLength} characters.`,
} as const;

/** POST /api/admin/users/:id/view-as: why the admin looks (shown in the audit trail and to the customer). */
export const startViewAsBodySchema = z.strictObject({
  reason: z
    .string({ error: viewAsReasonMessages.required })
    .trim()
    .min(1, { error: viewAsReasonMessages.required, abort: true })
    .max(viewAsReasonMaxLength, viewAsReasonMessages.tooLong),
});
export type StartViewAsBody = z.input<typeof startViewAsBodySchema>;

/** A view-as session as its admin sees it (the answer to starting one). */
export const viewAsSessionSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  reason: z.string(),
  startedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type ViewAsSession = z.infer<typeof viewAsSessionSchema>;

/**
 * On GET /api/auth/user when an admin views as the customer it describes: which view it is and when it ends, for
 * the banner every screen shows.
 */
export const currentViewAsSchema = z.object({
  sessionId: idSchema,
  expiresAt: isoDateTimeSchema,
});
export type CurrentViewAs = z.infer<typeof currentViewAsSchema>;
