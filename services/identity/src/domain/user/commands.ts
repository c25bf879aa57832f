import type {
  NotificationPreferences,
  PasswordSetReason,
  RegistrationChannel,
  UserRole,
} from '@app/contracts';
import type { UserProfile } from './user.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

export interface RegisterUser {
  type: 'RegisterUser';
  data: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: UserRole;
    registeredVia: RegistrationChannel;
  };
  metadata: CommandMetadata;
}

export interface ChangeProfile {
  type: 'ChangeProfile';
  data: { userId: string; changes: Partial<UserProfile> };
  metadata: CommandMetadata;
}

/**
 * `otherActiveAdminExists` is a fact about other accounts, which this decider cannot see: the application
 * establishes it under a lock that every admin-removing command takes (application/admin-guard.ts), so the
 * rule "the platform keeps an administrator" is decided here, on a fact that cannot go stale meanwhile.
 */
export interface ChangeRole {
  type: 'ChangeRole';
  data: { userId: string; role: UserRole; otherActiveAdminExists: boolean };
  metadata: CommandMetadata;
}

/** An admin's edit (PATCH): profile and role decided together, so it lands whole or not at all. */
export interface EditUser {
  type: 'EditUser';
  data: {
    userId: string;
    changes: Partial<UserProfile>;
    role?: UserRole;
    otherActiveAdminExists: boolean;
  };
  metadata: CommandMetadata;
}

/** The Settings switches, always all three (PUT /api/auth/notification-preferences). */
export interface ChangeNotificationPreferences {
  type: 'ChangeNotificationPreferences';
  data: { userId: string; preferences: NotificationPreferences };
  metadata: CommandMetadata;
}

/** The credentials store has the new hash; this records the fact and why (never the password). */
export interface RecordPasswordSet {
  type: 'RecordPasswordSet';
  data: { userId: string; reason: PasswordSetReason };
  metadata: CommandMetadata;
}

export interface DeactivateUser {
  type: 'DeactivateUser';
  data: { userId: string; otherActiveAdminExists: boolean };
  metadata: CommandMetadata;
}

export type UserCommand =
  | RegisterUser
  | ChangeProfile
  | ChangeRole
  | EditUser
  | ChangeNotificationPreferences
  | RecordPasswordSet
  | DeactivateUser;
