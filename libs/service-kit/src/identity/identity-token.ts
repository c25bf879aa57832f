import { SignJWT, jwtVerify } from 'jose';
import { identityClaimsSchema, type Caller } from './caller.js';

export const identityTokenHeader = 'x-identity-token';

/** Who signs and who may accept: only the gateway mints these, only our services read them. */
const issuer = 'gateway';
const audience = 'internal-services';
const maxAgeSeconds = 60;
/** Gateway and service clocks may differ slightly across machines. */
const clockToleranceSeconds = 5;

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (key === undefined) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/** The gateway calls this per forwarded request (ARCHITECTURE.md "Gateway"): short-lived, HS256. */
export async function signIdentityToken(caller: Caller, secret: string, ttlSeconds = 60): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, string> = { role: caller.role };
  if (caller.email !== undefined) claims.email = caller.email;
  if (caller.tenantId !== undefined) claims.tenantId = caller.tenantId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(caller.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyFor(secret));
}

/** Verifies signature, issuer, audience, expiry and age; rejects (with jose's error) when any fails. */
export async function verifyIdentityToken(token: string, secret: string): Promise<Caller> {
  const { payload } = await jwtVerify(token, keyFor(secret), {
    algorithms: ['HS256'],
    issuer,
    audience,
    maxTokenAge: maxAgeSeconds,
    clockTolerance: clockToleranceSeconds,
    requiredClaims: ['sub', 'iat', 'exp'],
  });
  const claims = identityClaimsSchema.parse(payload);
  return {
    userId: claims.sub,
    role: claims.role,
    ...(claims.email === undefined ? {} : { email: claims.email }),
    ...(claims.tenantId === undefined ? {} : { tenantId: claims.tenantId }),
  };
}
