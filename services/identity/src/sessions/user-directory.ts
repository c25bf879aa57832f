import type { PasswordSetReason } from '@app/contracts';

/**
 * What sign-in, sign-up, password setup and single sign-on need from the accounts side of identity, injected so
 * this module does not depend on how accounts are stored (application/user-directory.ts provides it).
 */
export interface DirectoryUser {
  id: string;
  email: string;
  role: 'admin' | 'tenant';
  isActive: boolean;
}

export interface UserDirectory {
  /** `email` arrives trimmed and lower-cased. */
  findUserByEmail(email: string): Promise<DirectoryUser | null>;
  /** Null for an unknown id (or one that is not a UUID). */
  findUserById(id: string): Promise<DirectoryUser | null>;
  /**
   * Throws @app/domain's ConflictError when the email is taken (a race with another sign-up), ValidationError
   * when a field breaks the account rules.
   */
  registerUser(input: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: 'tenant';
    registeredVia: 'sign-up' | 'oidc';
  }): Promise<{ userId: string }>;
  /** Lets the accounts side record (as an event, without the hash) that a password was set, and why. */
  recordPasswordSet(userId: string, reason: PasswordSetReason): Promise<void>;
}
