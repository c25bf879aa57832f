import type pg from 'pg';
import { idSchema, type NotificationPreferences } from '@app/contracts';

interface PreferencesRow {
  is_active: boolean;
  notify_email: boolean;
  notify_push: boolean;
  notify_security_alerts: boolean;
}

/** An account's notification switches (migrations/108) and whether it may still use them; null when unknown. */
export async function findNotificationPreferences(
  db: pg.Pool,
  userId: string,
): Promise<{ isActive: boolean; preferences: NotificationPreferences } | null> {
  if (!idSchema.safeParse(userId).success) return null;
  const { rows } = await db.query<PreferencesRow>(
    'SELECT is_active, notify_email, notify_push, notify_security_alerts FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    isActive: row.is_active,
    preferences: {
      email: row.notify_email,
      push: row.notify_push,
      securityAlerts: row.notify_security_alerts,
    },
  };
}
