import { ConflictError } from '@app/domain';
import { randomUUID } from 'node:crypto';
import type { DirectoryUser, UserDirectory } from '../../src/sessions/user-directory.js';

/**
 * The accounts side, in memory: sign-in and sign-up only need its contract, and the accounts side has its own
 * tests against the event store. Credentials and sessions in these tests use real Postgres.
 */
export function memoryDirectory() {
  const users = new Map<string, DirectoryUser & { firstName: string | null; lastName: string | null }>();
  const passwordSets: Array<{ userId: string; reason: string }> = [];
  const directory: UserDirectory = {
    async findUserByEmail(email) {
      const user = [...users.values()].find((candidate) => candidate.email === email);
      return user ? { id: user.id, email: user.email, role: user.role, isActive: user.isActive } : null;
    },
    async findUserById(id) {
      const user = users.get(id);
      return user ? { id: user.id, email: user.email, role: user.role, isActive: user.isActive } : null;
    },
    async registerUser(input) {
      if ([...users.values()].some((user) => user.email === input.email)) {
        throw new ConflictError('Email is already registered');
      }
      const id = randomUUID();
      users.set(id, {
        id,
        email: input.email,
        role: input.role,
        isActive: true,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      return { userId: id };
    },
    async recordPasswordSet(userId, reason) {
      passwordSets.push({ userId, reason });
    },
  };
  return {
    directory,
    users,
    passwordSets,
    add(email: string, overrides: Partial<DirectoryUser> = {}): DirectoryUser {
      const user = { id: randomUUID(), email, role: 'tenant' as const, isActive: true, ...overrides };
      users.set(user.id, { ...user, firstName: null, lastName: null });
      return user;
    },
  };
}
