import { z } from 'zod';

/**
 * GET and PUT /api/auth/notification-preferences: the Settings Notifications switches (SPEC.md §2 "Settings"),
 * stored per user. PUT sends the whole object, so a switch can never be left in an unknown state.
 */
export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean({ error: 'email must be true or false' }),
  push: z.boolean({ error: 'push must be true or false' }),
  securityAlerts: z.boolean({ error: 'securityAlerts must be true or false' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a user who never changed a switch has (SPEC.md §2: Email on, Push off, Security Alerts on). */
export const defaultNotificationPreferences: NotificationPreferences = {
  email: true,
  push: false,
  securityAlerts: true,
};
