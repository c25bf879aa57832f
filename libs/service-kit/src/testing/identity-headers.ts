import { v7 as uuidv7 } from 'uuid';
import type { Caller, Role } from '../identity/caller.js';
import { identityTokenHeader, signIdentityToken } from '../identity/identity-token.js';

/** A fixed HS256 secret for tests (32+ characters, as the config schema demands). */
export const testIdentitySecret = 'test-identity-secret-do-not-use-in-production';

/** Headers for app.inject as a freshly made user of `role`, signed the way the gateway signs. */
export async function identityHeaders(
  role: Role,
  secret: string = testIdentitySecret,
  overrides: Partial<Caller> = {},
): Promise<{ [identityTokenHeader]: string }> {
  const userId = overrides.userId ?? uuidv7();
  const caller: Caller = { userId, role, email: `${role}-${userId}@example.test`, ...overrides };
  return { [identityTokenHeader]: await signIdentityToken(caller, secret) };
}
