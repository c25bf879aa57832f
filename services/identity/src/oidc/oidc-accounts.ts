import { ConflictError, ValidationError } from '@app/domain';
import type { DirectoryUser, UserDirectory } from '../sessions/user-directory.js';
import type { OidcClaims } from './oidc-client.js';
import type { OidcIdentities } from './oidc-identities.js';

export type OidcRefusal = 'email-unverified' | 'account-inactive' | 'linked-elsewhere' | 'email-unusable';

export type OidcAccount = { userId: string; created: boolean } | { refused: OidcRefusal };

/**
 * The account a provider's person signs in to. Known (issuer, subject): that account. Otherwise by email, and
 * only a verified one (else anyone could claim an address at a careless provider and take over the account
 * that has it): the account with that email is linked, or a tenant account is created for it.
 */
export async function accountForOidc(
  deps: { directory: UserDirectory; identities: OidcIdentities },
  claims: OidcClaims,
): Promise<OidcAccount> {
  const { directory, identities } = deps;
  const linked = await identities.findUserId(claims.issuer, claims.subject);
  if (linked !== null) {
    const user = await directory.findUserById(linked);
    return user?.isActive ? { userId: user.id, created: false } : { refused: 'account-inactive' };
  }
  if (claims.email === null || !claims.emailVerified) return { refused: 'email-unverified' };

  const email = claims.email.trim().toLowerCase();
  let user: DirectoryUser | null = await directory.findUserByEmail(email);
  let created = false;
  if (user === null) {
    try {
      const { userId } = await directory.registerUser({
        email,
        firstName: personName(claims.givenName),
        lastName: personName(claims.familyName),
        role: 'tenant',
        registeredVia: 'oidc',
      });
      user = { id: userId, email, role: 'tenant', isActive: true };
      created = true;
    } catch (error) {
      // The email breaks our account rules (too long, odd shape): nothing to link or create.
      if (error instanceof ValidationError) return { refused: 'email-unusable' };
      // A parallel first sign-in (or sign-up) registered it a moment ago: link to that account instead.
      if (!(error instanceof ConflictError)) throw error;
      user = await directory.findUserByEmail(email);
      if (user === null) throw error;
    }
  }
  if (!user.isActive) return { refused: 'account-inactive' };
  if (!(await identities.link(claims.issuer, claims.subject, user.id)))
    return { refused: 'linked-elsewhere' };
  return { userId: user.id, created };
}

/** Names are a courtesy: one our rules would refuse (over 100 characters) is left out, not a failed sign-in. */
function personName(name: string | null): string | null {
  return name !== null && [...name].length <= 100 ? name : null;
}
