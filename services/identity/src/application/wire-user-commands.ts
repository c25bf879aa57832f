import type pg from 'pg';
import { aggregateStore, aggregateUniqueValues, type EventStore } from '@app/eventing';
import { createSessionStore } from '../sessions/session-store.js';
import { createAdminGuard } from './admin-guard.js';
import { createUserCommands, emailOf, type UserCommands } from './user-commands.js';
import { users } from './users.js';

/** The one message for a taken email, whichever route or flow meets it. */
export const emailTaken = 'An account with this email already exists';

/**
 * User use cases whose email reservations and admin guard consult the event store for the truth, and whose
 * deactivation signs the account out everywhere. Emails are unique among accounts, case-insensitively (the
 * contracts lower-case them).
 */
export function wireUserCommands(eventStore: EventStore, db: pg.Pool, now: () => Date): UserCommands {
  const store = aggregateStore(eventStore, users);
  const emails = aggregateUniqueValues({
    db,
    store,
    valueOf: emailOf,
    table: { name: 'user_emails', valueColumn: 'email', ownerColumn: 'user_id' },
    takenMessage: () => emailTaken,
  });
  const admins = createAdminGuard(db, async (userId) => {
    const { state } = await store.read(userId);
    return state.status === 'active' && state.role === 'admin';
  });
  const sessions = createSessionStore({ pool: db, now });
  return createUserCommands({ eventStore, emails, admins, now, revokeSessions: sessions.revokeAllSessions });
}
