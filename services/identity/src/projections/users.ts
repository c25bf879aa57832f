import { defaultNotificationPreferences } from '@app/contracts';
import { userEventTypes } from '../domain/user/events.js';
import { rowProjection, rowTable, type RecordedEvent, type RowBatch } from '@app/eventing';
import { users } from '../application/users.js';

/** The `users` read model (migrations/001_users.sql, 108): one row per account, deactivated ones included. */
export const usersProjection = rowProjection({
  name: 'identity.users.v1',
  eventTypes: userEventTypes,
  table: rowTable<PendingRow>('users', {
    id: 'uuid',
    email: 'text',
    first_name: 'text',
    last_name: 'text',
    role: 'text',
    profile_image_url: 'text',
    is_active: 'boolean',
    notify_email: 'boolean',
    notify_push: 'boolean',
    notify_security_alerts: 'boolean',
    revision: 'bigint',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
  applyEvent: applyUserEvent,
  async reset(tx) {
    await tx.query('TRUNCATE users');
  },
});

/** A users row as the batch writes it; names follow the table's columns. */
interface PendingRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  profile_image_url: string | null;
  is_active: boolean;
  notify_email: boolean;
  notify_push: boolean;
  notify_security_alerts: boolean;
  revision: number;
  created_at: string;
  updated_at: string;
}

async function applyUserEvent(recorded: RecordedEvent, rows: RowBatch<PendingRow>): Promise<void> {
  const event = users.decode(recorded);
  const change = (columns: Partial<PendingRow>) =>
    rows.update(event.data.userId, { ...columns, revision: recorded.revision });
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, firstName, lastName, registeredAt, email, role } = event.data;
      rows.insert({
        id: userId,
        email,
        first_name: firstName,
        last_name: lastName,
        role,
        profile_image_url: null,
        is_active: true,
        notify_email: defaultNotificationPreferences.email,
        notify_push: defaultNotificationPreferences.push,
        notify_security_alerts: defaultNotificationPreferences.securityAlerts,
        revision: recorded.revision,
        created_at: registeredAt,
        updated_at: registeredAt,
      });
      break;
    }
    case 'UserProfileChanged': {
      const { email, firstName, lastName, profileImageUrl, changedAt } = event.data;
      await change({
        email,
        first_name: firstName,
        last_name: lastName,
        profile_image_url: profileImageUrl,
        updated_at: changedAt,
      });
      break;
    }
    case 'UserRoleChanged':
      await change({ role: event.data.role, updated_at: event.data.changedAt });
      break;
    case 'UserNotificationPreferencesChanged': {
      const { preferences, changedAt } = event.data;
      await change({
        notify_email: preferences.email,
        notify_push: preferences.push,
        notify_security_alerts: preferences.securityAlerts,
        updated_at: changedAt,
      });
      break;
    }
    case 'UserPasswordSet':
      // Nothing shown changes, but the row's revision is the account's ETag.
      await change({});
      break;
    case 'UserDeactivated':
      await change({ is_active: false, updated_at: event.data.deactivatedAt });
      break;
  }
}
