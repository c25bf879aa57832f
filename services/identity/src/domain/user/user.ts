import { defaultNotificationPreferences, type NotificationPreferences, type UserRole } from '@app/contracts';
import type { UserEvent } from './events.js';

/** What a user (or an admin for them) edits about an account. Emails are lower-cased by the contracts. */
export interface UserProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

interface Account {
  userId: string;
  profile: UserProfile;
  role: UserRole;
  notificationPreferences: NotificationPreferences;
  /** Whether a password was ever set: the next one is then a change, which the account's owner is told of. */
  hasPassword: boolean;
  registeredAt: string;
  updatedAt: string;
}

/** A deactivated account keeps its profile, role and email: it still exists, it just cannot sign in. */
export type UserState =
  | { status: 'absent' }
  | ({ status: 'active' } & Account)
  | ({ status: 'deactivated'; deactivatedAt: string } & Account);

export type ActiveUser = Extract<UserState, { status: 'active' }>;

export const initialState = (): UserState => ({ status: 'absent' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, firstName, lastName, role, registeredAt } = event.data;
      return {
        status: 'active',
        userId,
        profile: { email, firstName, lastName, profileImageUrl: null },
        role,
        notificationPreferences: defaultNotificationPreferences,
        hasPassword: false,
        registeredAt,
        updatedAt: registeredAt,
      };
    }
    case 'UserProfileChanged': {
      if (state.status === 'absent') return state;
      const { userId: _userId, changedAt, ...profile } = event.data;
      return { ...state, profile, updatedAt: changedAt };
    }
    case 'UserRoleChanged':
      return state.status === 'absent'
        ? state
        : { ...state, role: event.data.role, updatedAt: event.data.changedAt };
    case 'UserNotificationPreferencesChanged':
      return state.status === 'absent'
        ? state
        : { ...state, notificationPreferences: event.data.preferences, updatedAt: event.data.changedAt };
    case 'UserPasswordSet':
      // Nothing the account shows changes.
      return state.status === 'absent' ? state : { ...state, hasPassword: true };
    case 'UserDeactivated':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            status: 'deactivated',
            deactivatedAt: event.data.deactivatedAt,
            updatedAt: event.data.deactivatedAt,
          };
  }
}
