import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A key for one purpose, derived from the shared internal secret, so the secret that signs identity tokens is
 * never itself sent over the wire as a password.
 */
export function derivedKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

export function sameKey(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The purpose under which the gateway asks identity to resolve a session cookie. */
export const sessionResolvePurpose = 'gateway:identity:resolve-session';

/** The purpose under which the monitoring service asks tenancy for the subscriptions' metrics endpoints. */
export const metricsEndpointsPurpose = 'monitoring:tenancy:metrics-endpoints';

/** The purpose under which identity hands notifications a password-setup link to mail. */
export const passwordSetupMailPurpose = 'identity:notifications:password-setup-mail';
