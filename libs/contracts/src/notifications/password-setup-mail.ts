import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';

/**
 * Notifications' internal call POST /internal/password-setup-mail, made by identity only (never under /api, never
 * published): mail this new password-setup link to the account's owner. The link's secret travels only here, over
 * the authenticated internal call, never on NATS (services/notifications/README.md "The password-setup link").
 */
export const passwordSetupMailBodySchema = z.strictObject({
  /** Identity's id for this issuance: a retried call with it queues nothing twice. */
  linkId: idSchema,
  userId: idSchema,
  email: z.string().min(3).max(254),
  firstName: z.string().max(100).nullable(),
  /** The link with its one-time token, absolute or a path on the app's origin; named so log redaction hides it. */
  secretLink: z
    .string()
    .max(2048)
    .regex(/^(https?:\/\/|\/(?!\/))/, 'must be an http(s) URL or a path'),
  expiresAt: isoDateTimeSchema,
});
export type PasswordSetupMailBody = z.infer<typeof passwordSetupMailBodySchema>;

/** `queued` false: this link was queued before (a retry). */
export const passwordSetupMailReplySchema = z.object({ queued: z.boolean() });
export type PasswordSetupMailReply = z.infer<typeof passwordSetupMailReplySchema>;
