import { createSigner } from 'fast-jwt';
import { v7 as uuidv7 } from 'uuid';
import { callerClaims, type Caller, type Role } from '../identity/caller.js';
import { identityTokenHeader, signIdentityToken, type BoundRequest } from '../identity/identity-token.js';

/** A fixed HS256 secret for tests (32+ characters, as the config schema demands). */
export const testIdentitySecret = 'test-identity-secret-do-not-use-in-production';

/**
 * Headers for app.inject as a freshly made user of `role`. With `request`, the token is signed exactly as the
 * gateway signs it, bound to that method and URL (path and query), usable once. Without, it is an unbound
 * token that services refuse by themselves: an app passed to `bindIdentityOnInject` turns it into a bound one
 * for each request it injects, so a test may reuse such headers for any number of requests.
 */
export async function identityHeaders(
  role: Role,
  secret: string = testIdentitySecret,
  overrides: Partial<Caller> = {},
  request?: BoundRequest,
): Promise<{ [identityTokenHeader]: string }> {
  const userId = overrides.userId ?? uuidv7();
  const caller: Caller = { userId, role, email: `${role}-${userId}@example.test`, ...overrides };
  const token =
    request === undefined
      ? signUnboundToken(caller, secret)
      : await signIdentityToken(caller, secret, request);
  return { [identityTokenHeader]: token };
}

/** The gateway's claims without htm/htu/jti: a placeholder that only bindIdentityOnInject makes usable. */
function signUnboundToken(caller: Caller, secret: string): string {
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: 'gateway',
    aud: 'internal-services',
    expiresIn: 60 * 60 * 1000,
  });
  return sign(callerClaims(caller));
}
