import type { NotificationPreferences, UserRole } from '@app/contracts';
import type { UserEvent } from './events.js';
import { IllegalStateError, NotFoundError, assertNever, definedOnly, type Decider } from '@app/domain';
import type { DeactivateUser, RecordPasswordSet, RegisterUser, UserCommand } from './commands.js';
import { evolve, initialState, type ActiveUser, type UserProfile, type UserState } from './user.js';

export const userNotFound = 'User not found';
export const accountDeactivated = 'This account is deactivated';
export const lastAdminKeepsRole = 'The last administrator cannot lose the admin role';
export const lastAdminStaysActive = 'The last administrator cannot be deactivated';

function register(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('An account with this id already exists');
  return [{ type: 'UserRegistered', data: { ...command.data, registeredAt: command.metadata.now } }];
}

/** Profile and role changes need an account that exists and is active. */
function activeAccount(state: UserState): ActiveUser {
  if (state.status === 'absent') throw new NotFoundError(userNotFound);
  if (state.status === 'deactivated') throw new IllegalStateError(accountDeactivated);
  return state;
}

function changeProfile(user: ActiveUser, changes: Partial<UserProfile>, now: string): UserEvent[] {
  const next: UserProfile = { ...user.profile, ...definedOnly(changes) };
  if (sameProfile(next, user.profile)) return [];
  return [{ type: 'UserProfileChanged', data: { userId: user.userId, ...next, changedAt: now } }];
}

function changeRole(user: ActiveUser, role: UserRole, otherAdmin: boolean, now: string): UserEvent[] {
  if (role === user.role) return [];
  if (user.role === 'admin' && !otherAdmin) throw new IllegalStateError(lastAdminKeepsRole);
  return [{ type: 'UserRoleChanged', data: { userId: user.userId, role, changedAt: now } }];
}

function changeNotificationPreferences(
  user: ActiveUser,
  preferences: NotificationPreferences,
  now: string,
): UserEvent[] {
  if (samePreferences(preferences, user.notificationPreferences)) return [];
  return [
    {
      type: 'UserNotificationPreferencesChanged',
      data: { userId: user.userId, preferences: { ...preferences }, changedAt: now },
    },
  ];
}

function recordPasswordSet(command: RecordPasswordSet, state: UserState): UserEvent[] {
  const user = activeAccount(state);
  return [
    {
      type: 'UserPasswordSet',
      data: {
        userId: user.userId,
        reason: command.data.reason,
        firstPassword: !user.hasPassword,
        setAt: command.metadata.now,
      },
    },
  ];
}

function deactivate(command: DeactivateUser, state: UserState): UserEvent[] {
  if (state.status === 'absent') throw new NotFoundError(userNotFound);
  if (state.status === 'deactivated') return [];
  if (state.role === 'admin' && !command.data.otherActiveAdminExists) {
    throw new IllegalStateError(lastAdminStaysActive);
  }
  return [{ type: 'UserDeactivated', data: { userId: state.userId, deactivatedAt: command.metadata.now } }];
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  const { now } = command.metadata;
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'ChangeProfile':
      return changeProfile(activeAccount(state), command.data.changes, now);
    case 'ChangeRole': {
      const { role, otherActiveAdminExists } = command.data;
      return changeRole(activeAccount(state), role, otherActiveAdminExists, now);
    }
    case 'EditUser': {
      const { changes, role, otherActiveAdminExists } = command.data;
      const user = activeAccount(state);
      return [
        ...changeProfile(user, changes, now),
        ...(role === undefined ? [] : changeRole(user, role, otherActiveAdminExists, now)),
      ];
    }
    case 'ChangeNotificationPreferences':
      return changeNotificationPreferences(activeAccount(state), command.data.preferences, now);
    case 'RecordPasswordSet':
      return recordPasswordSet(command, state);
    case 'DeactivateUser':
      return deactivate(command, state);
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState,
  evolve,
  decide,
};

function sameProfile(a: UserProfile, b: UserProfile): boolean {
  return (
    a.email === b.email &&
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.profileImageUrl === b.profileImageUrl
  );
}

function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return a.email === b.email && a.push === b.push && a.securityAlerts === b.securityAlerts;
}
