import { createSigner } from 'fast-jwt';
import { testIdentitySecret } from '../src/testing/index.js';

/**
 * A token with just the `claims` a test writes, signed as the gateway signs (HS256, issuer `gateway`, audience
 * `internal-services` unless `aud` names another, a minute's expiry unless the claims set `exp`): for the tokens
 * signIdentityToken never makes.
 */
export function forgedToken(
  claims: Record<string, unknown>,
  options: { secret?: string; aud?: string } = {},
): string {
  const sign = createSigner({
    key: options.secret ?? testIdentitySecret,
    algorithm: 'HS256',
    iss: 'gateway',
    aud: options.aud ?? 'internal-services',
    ...(claims.exp === undefined ? { expiresIn: 60_000 } : {}),
  });
  return sign(claims);
}
