import type pg from 'pg';
import { aggregateStore, type EventStore } from '@app/eventing';
import { createSessionStore } from '../sessions/session-store.js';
import { createAdminGuard } from './admin-guard.js';
import { createEmailReservations } from './email-reservations.js';
import { createUserCommands, type UserCommands } from './user-commands.js';
import { users } from './users.js';

/**
 * User use cases whose email reservations and admin guard consult the event store for the truth, and whose
 * deactivation signs the account out everywhere.
 */
export function wireUserCommands(eventStore: EventStore, db: pg.Pool, now: () => Date): UserCommands {
  const store = aggregateStore(eventStore, users);
  const emails = createEmailReservations(db, async (userId) => {
    const { state } = await store.read(userId);
    return state.status === 'absent' ? null : state.profile.email;
  });
  const admins = createAdminGuard(db, async (userId) => {
    const { state } = await store.read(userId);
    return state.status === 'active' && state.role === 'admin';
  });
  const sessions = createSessionStore({ pool: db, now });
  return createUserCommands({ eventStore, emails, admins, now, revokeSessions: sessions.revokeAllSessions });
}
