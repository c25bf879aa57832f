import { v7 as uuidv7 } from 'uuid';
import type {
  NotificationPreferences,
  PasswordSetReason,
  RegistrationChannel,
  UserRole,
} from '@app/contracts';
import type { UserEvent } from '../domain/user/events.js';
import {
  aggregateStore,
  idOfCreation,
  withReservation,
  type CommandOptions,
  type CommandResult,
  type EventStore,
  type UniqueValueReservations,
} from '@app/eventing';
import type { UserProfile, UserState } from '../domain/user/user.js';
import type { AdminGuard } from './admin-guard.js';
import { users } from './users.js';

export interface Registration {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role: UserRole;
  registeredVia: RegistrationChannel;
}

/** An admin's edit of another account (PATCH /api/admin/users/:id). */
export interface UserEdit {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: UserRole;
}

export type UserCommandResult = CommandResult<UserState, UserEvent> & { userId: string };

export interface UserCommandsDeps {
  eventStore: EventStore;
  emails: UniqueValueReservations;
  admins: AdminGuard;
  now: () => Date;
  /** Ends every session of an account (sessions.revokeAllSessions); run after each deactivation. */
  revokeSessions?: (userId: string) => Promise<number>;
  newId?: () => string;
}

/** Identity's use cases: email reservation and the last-admin guard around the generic command handler. */
export function createUserCommands(deps: UserCommandsDeps) {
  const { eventStore, emails, admins, now, revokeSessions, newId = uuidv7 } = deps;
  const { handle } = aggregateStore(eventStore, users);
  const at = () => ({ now: now().toISOString() });

  async function afterChange(userId: string, result: CommandResult<UserState, UserEvent>) {
    if (result.newEvents.some((event) => event.type === 'UserProfileChanged')) {
      await emails.releaseAllExcept(userId, emailOf(result.state));
    }
    return { ...result, userId };
  }

  return {
    /** `userId` is given only by the demo seed, whose fixed ids make it idempotent. */
    async register(
      registration: Registration,
      options: CommandOptions,
      userId = idOfCreation(options, newId),
    ): Promise<UserCommandResult> {
      const data = {
        userId,
        email: normaliseEmail(registration.email),
        firstName: registration.firstName ?? null,
        lastName: registration.lastName ?? null,
        role: registration.role,
        registeredVia: registration.registeredVia,
      };
      return withReservation(emails, data.email, userId, async () => {
        const command = { type: 'RegisterUser', data, metadata: at() } as const;
        return { ...(await handle(userId, command, options)), userId };
      });
    },

    async changeProfile(
      userId: string,
      changes: Partial<UserProfile>,
      options: CommandOptions,
    ): Promise<UserCommandResult> {
      const normalised = withNormalisedEmail(changes);
      const result = await withReservation(emails, normalised.email, userId, () =>
        handle(
          userId,
          { type: 'ChangeProfile', data: { userId, changes: normalised }, metadata: at() },
          options,
        ),
      );
      return afterChange(userId, result);
    },

    async changeRole(userId: string, role: UserRole, options: CommandOptions): Promise<UserCommandResult> {
      const run = (otherActiveAdminExists: boolean) =>
        handle(
          userId,
          { type: 'ChangeRole', data: { userId, role, otherActiveAdminExists }, metadata: at() },
          options,
        );
      return { ...(await guarded(role, userId, run)), userId };
    },

    async edit(userId: string, edit: UserEdit, options: CommandOptions): Promise<UserCommandResult> {
      const { role, ...profile } = edit;
      const changes = withNormalisedEmail(profile);
      const run = (otherActiveAdminExists: boolean) =>
        withReservation(emails, changes.email, userId, () =>
          handle(
            userId,
            { type: 'EditUser', data: { userId, changes, role, otherActiveAdminExists }, metadata: at() },
            options,
          ),
        );
      return afterChange(userId, await guarded(role, userId, run));
    },

    async changeNotificationPreferences(
      userId: string,
      preferences: NotificationPreferences,
      options: CommandOptions,
    ): Promise<UserCommandResult> {
      const command = {
        type: 'ChangeNotificationPreferences',
        data: { userId, preferences },
        metadata: at(),
      } as const;
      return { ...(await handle(userId, command, options)), userId };
    },

    async recordPasswordSet(
      userId: string,
      reason: PasswordSetReason,
      options: CommandOptions,
    ): Promise<UserCommandResult> {
      const command = { type: 'RecordPasswordSet', data: { userId, reason }, metadata: at() } as const;
      return { ...(await handle(userId, command, options)), userId };
    },

    async deactivate(userId: string, options: CommandOptions): Promise<UserCommandResult> {
      const result = await admins.run(userId, (otherActiveAdminExists) =>
        handle(
          userId,
          { type: 'DeactivateUser', data: { userId, otherActiveAdminExists }, metadata: at() },
          options,
        ),
      );
      // Also when it was already deactivated: a retry after a failed revocation still ends the sessions. Should
      // this fail, the gateway's session check refuses a deactivated owner anyway (app.ts, describeOwner).
      await revokeSessions?.(userId);
      return { ...result, userId };
    },
  };

  /** Only a command that may take the admin role away waits for the guard; for others the fact is not read. */
  function guarded<T>(role: UserRole | undefined, userId: string, run: (other: boolean) => Promise<T>) {
    return role === undefined || role === 'admin' ? run(true) : admins.run(userId, run);
  }
}

export type UserCommands = ReturnType<typeof createUserCommands>;

/** The email an account holds, deactivated or not. */
export function emailOf(state: UserState): string | null {
  return state.status === 'absent' ? null : state.profile.email;
}

/** The contracts already trim and lower-case; callers inside the service (sign-up, OIDC) may not have. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function withNormalisedEmail<T extends { email?: string }>(changes: T): T {
  return changes.email === undefined ? changes : { ...changes, email: normaliseEmail(changes.email) };
}
