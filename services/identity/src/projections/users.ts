import type pg from 'pg';
import { defaultNotificationPreferences } from '@app/contracts';
import { userEventSchema, userEventTypes } from '../domain/user/events.js';
import type { Projection, RecordedEvent } from '@app/eventing';

/** The `users` read model (migrations/001_users.sql, 108): one row per account, deactivated ones included. */
export const usersProjection: Projection = {
  name: 'identity.users.v1',
  eventTypes: userEventTypes,
  apply: (event, tx) => applyUserEvents([event], tx),
  applyBatch: applyUserEvents,
  async reset(tx) {
    await tx.query('TRUNCATE users');
  },
};

/** A users row as the batch builds it before writing; names follow the table's columns. */
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

/**
 * Applies events in log order with as few round trips as possible (a rebuild replays every event): users
 * registered in this batch are folded in memory and written by one multi-row insert at the end; events for
 * users registered earlier update their rows directly. One event at a time goes through the same code.
 */
async function applyUserEvents(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const registered = new Map<string, PendingRow>();
  for (const recorded of events) {
    const event = userEventSchema.parse({ type: recorded.type, data: recorded.data });
    const revision = recorded.revision;
    const change = (columns: Partial<PendingRow>) =>
      changeRow(tx, registered.get(event.data.userId), event.data.userId, { ...columns, revision });
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, firstName, lastName, registeredAt, email, role } = event.data;
        registered.set(userId, {
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
  if (registered.size > 0) {
    await tx.query(
      `INSERT INTO users (id, email, first_name, last_name, role, profile_image_url, is_active, notify_email,
         notify_push, notify_security_alerts, revision, created_at, updated_at)
       SELECT id, email, first_name, last_name, role, profile_image_url, is_active, notify_email, notify_push,
         notify_security_alerts, revision, created_at, updated_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, email text, first_name text, last_name text, role text,
         profile_image_url text, is_active boolean, notify_email boolean, notify_push boolean,
         notify_security_alerts boolean, revision bigint, created_at timestamptz, updated_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify([...registered.values()])],
    );
  }
}

/** A user registered in this batch is changed in memory; one registered before, by an UPDATE of its row. */
async function changeRow(
  tx: pg.PoolClient,
  pending: PendingRow | undefined,
  userId: string,
  columns: Partial<PendingRow>,
): Promise<void> {
  if (pending) {
    Object.assign(pending, columns);
    return;
  }
  const entries = Object.entries(columns);
  const assignments = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  await tx.query(`UPDATE users SET ${assignments} WHERE id = $1`, [
    userId,
    ...entries.map(([, value]) => value),
  ]);
}
