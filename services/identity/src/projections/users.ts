import { defaultNotificationPreferences } from '@app/contracts';
import { userEventTypes, type UserEvent } from '../domain/user/events.js';
import { foldedProjection, type RecordedEvent } from '@app/eventing';
import { users } from '../application/users.js';

/** A users row as the projection keeps it; names follow the table's columns. */
interface UserRow {
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

/**
 * The `users` read model (migrations/001_users.sql, 108): one row per account, deactivated ones included. A batch
 * is folded in memory and written in one statement (@app/eventing foldedProjection).
 */
export const usersProjection = foldedProjection<UserRow, UserEvent>({
  name: 'identity.users.v1',
  eventTypes: userEventTypes,
  table: 'users',
  key: ['id'],
  columns: [
    'id',
    'email',
    'first_name',
    'last_name',
    'role',
    'profile_image_url',
    'is_active',
    'notify_email',
    'notify_push',
    'notify_security_alerts',
    'revision',
    'created_at',
    'updated_at',
  ],
  decode: (recorded) => users.decode(recorded),
  rowKeyOf: (event) => ({ id: event.data.userId }),
  fold: foldUserEvent,
  async reset(tx) {
    await tx.query('TRUNCATE users');
  },
});

/** An account's row after one of its events; a replayed registration leaves the row as it is. */
function foldUserEvent(
  row: UserRow | undefined,
  event: UserEvent,
  recorded: RecordedEvent,
): UserRow | undefined {
  const revision = recorded.revision;
  if (event.type === 'UserRegistered') {
    if (row) return row;
    const { userId, firstName, lastName, registeredAt, email, role } = event.data;
    return {
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
      revision,
      created_at: registeredAt,
      updated_at: registeredAt,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case 'UserProfileChanged': {
      const { email, firstName, lastName, profileImageUrl, changedAt } = event.data;
      return {
        ...row,
        email,
        first_name: firstName,
        last_name: lastName,
        profile_image_url: profileImageUrl,
        revision,
        updated_at: changedAt,
      };
    }
    case 'UserRoleChanged':
      return { ...row, role: event.data.role, revision, updated_at: event.data.changedAt };
    case 'UserNotificationPreferencesChanged': {
      const { preferences, changedAt } = event.data;
      return {
        ...row,
        notify_email: preferences.email,
        notify_push: preferences.push,
        notify_security_alerts: preferences.securityAlerts,
        revision,
        updated_at: changedAt,
      };
    }
    case 'UserPasswordSet':
      // Nothing shown changes, but the row's revision is the account's ETag.
      return { ...row, revision };
    case 'UserDeactivated':
      return { ...row, is_active: false, revision, updated_at: event.data.deactivatedAt };
  }
}
