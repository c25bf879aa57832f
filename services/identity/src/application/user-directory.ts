import type pg from 'pg';
import { z } from 'zod';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  registrationChannelSchema,
  type PasswordSetReason,
  userRoleSchema,
  type User,
  type UserRole,
} from '@app/contracts';
import { ValidationError } from '@app/domain';
import type { CommandOptions } from '@app/eventing';
import type { ReadYourWrites } from '@app/service-kit';
import { findUser, findUserByEmail } from '../projections/user-queries.js';
import type { Registration, UserCommands } from './user-commands.js';

/** What sign-in needs to know about an account found by email. */
export interface DirectoryEntry {
  id: string;
  email: string;
  role: UserRole;
  isActive: boolean;
}

export interface DirectoryCommandOptions {
  /** Stored with the event: who did it (actorId), in which request and trace. */
  metadata?: CommandOptions['metadata'];
}

/**
 * The accounts as the rest of identity sees them (sign-up, sign-in, password changes, sessions, OIDC): reads
 * come from the read model; writes go through the same use cases as the admin API, so email uniqueness and the
 * last-admin rule hold for every path.
 */
export interface UserDirectory {
  /** Case-insensitive; null when no account has this email. */
  findUserByEmail(email: string): Promise<DirectoryEntry | null>;
  /** Validates like POST /api/admin/users (ValidationError, ConflictError for a taken email) and waits until
   * the account is readable here, so a sign-in straight after sign-up finds it. */
  registerUser(registration: Registration, options?: DirectoryCommandOptions): Promise<{ userId: string }>;
  /** Records the fact only; the hash is the credentials store's. NotFoundError for an unknown account. */
  recordPasswordSet(
    userId: string,
    reason: PasswordSetReason,
    options?: DirectoryCommandOptions,
  ): Promise<void>;
  /** Null for an unknown id (or one that is not a UUID). */
  getUser(id: string): Promise<User | null>;
  /** getUser, as much of it as sign-in needs. */
  findUserById(id: string): Promise<DirectoryEntry | null>;
}

export interface UserDirectoryDeps {
  db: pg.Pool;
  commands: UserCommands;
  projections: ReadYourWrites;
  readYourWritesTimeoutMs: number;
}

const registrationSchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  role: userRoleSchema,
  registeredVia: registrationChannelSchema,
});

export function createUserDirectory(deps: UserDirectoryDeps): UserDirectory {
  const { db, commands, projections, readYourWritesTimeoutMs } = deps;
  return {
    async findUserByEmail(email) {
      const user = await findUserByEmail(db, email);
      return user && entryOf(user);
    },

    async findUserById(id) {
      const found = await findUser(db, id);
      return found && entryOf(found.user);
    },

    async registerUser(registration, options = {}) {
      const parsed = registrationSchema.safeParse(registration);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        throw new ValidationError(errors[0]?.message ?? 'The registration is invalid', errors);
      }
      const result = await commands.register(parsed.data, { metadata: options.metadata ?? {} });
      if (result.position) await projections.waitFor(result.position, readYourWritesTimeoutMs);
      return { userId: result.userId };
    },

    async recordPasswordSet(userId, reason, options = {}) {
      await commands.recordPasswordSet(userId, reason, { metadata: options.metadata ?? {} });
    },

    async getUser(id) {
      return (await findUser(db, id))?.user ?? null;
    },
  };
}

function entryOf(user: User): DirectoryEntry {
  return { id: user.id, email: user.email, role: user.role, isActive: user.isActive };
}
