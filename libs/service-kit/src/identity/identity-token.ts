import { TokenError, createSigner, createVerifier } from 'fast-jwt';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { callerClaims, callerOfClaims, identityClaimsSchema, type Caller } from './caller.js';
import type { ReplayGuard } from './replay-guard.js';

export const identityTokenHeader = 'x-identity-token';

/** Who signs and who may accept: only the gateway mints these, only our services read them. */
const issuer = 'gateway';
const audience = 'internal-services';
const maxAgeSeconds = 60;
/** Gateway and service clocks may differ slightly across machines. */
const clockToleranceSeconds = 5;

/**
 * The one request a token vouches for: the method, and the path with its query string exactly as the service
 * receives it (Fastify's `request.url`). A token captured on the way is worth nothing for any other request.
 */
export interface BoundRequest {
  method: string;
  url: string;
}

/**
 * What the gateway signs for one forwarded request: the request itself, and the address the gateway saw it come
 * from (its socket peer, or the trusted proxy's X-Forwarded-For entry), which services use instead of any
 * forwarding header a client could set.
 */
export interface ForwardedRequest extends BoundRequest {
  clientAddress?: string;
}

/** A verified token's contents, before it is checked against a request (readIdentityToken). */
export interface IdentityToken {
  /** Null for a visitor: the gateway signs their requests too, for the request binding and the client address. */
  caller: Caller | null;
  request: BoundRequest;
  /** Absent in tokens of a gateway older than this claim; services then use their own socket's peer. */
  clientAddress?: string;
  /** The `jti`: unique per token, so a second use of it is a replay. */
  tokenId: string;
  /** Epoch ms after which no verifier accepts the token any more (expiry or maximum age, plus clock tolerance). */
  acceptedUntil: number;
}

/** The request binding (RFC 9449's htm/htu, with htu the path and query only) and the token id. */
const bindingClaimsSchema = z.object({
  htm: z.string().min(1),
  htu: z.string().startsWith('/'),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
  clientAddress: z
    .string()
    .refine((value) => isIP(value) !== 0, 'not an IP address')
    .optional(),
});

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

/**
 * fast-jwt (the library behind @fastify/jwt) signs and verifies synchronously with node:crypto: a token is
 * made and checked on every proxied request, where jose's WebCrypto path cost a sixth of the gateway's CPU.
 * Signers and verifiers are built once per secret.
 */
const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();

function signerFor(secret: string, ttlSeconds: number): Signer {
  const cacheKey = `${ttlSeconds}:${secret}`;
  let signer = signers.get(cacheKey);
  if (signer === undefined) {
    signer = createSigner({
      key: secret,
      algorithm: 'HS256',
      iss: issuer,
      aud: audience,
      expiresIn: ttlSeconds * 1000,
    });
    signers.set(cacheKey, signer);
  }
  return signer;
}

function verifierFor(secret: string): Verifier {
  let verifier = verifiers.get(secret);
  if (verifier === undefined) {
    verifier = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: issuer,
      allowedAud: audience,
      maxAge: maxAgeSeconds * 1000,
      clockTolerance: clockToleranceSeconds * 1000,
      requiredClaims: ['iat', 'exp', 'jti', 'htm', 'htu'],
      cache: false,
    }) as Verifier;
    verifiers.set(secret, verifier);
  }
  return verifier;
}

/**
 * The gateway calls this once per forwarded request (ARCHITECTURE.md "Gateway"): short-lived, HS256, bound to
 * `request` and carrying a fresh random `jti`, so it can be neither redirected to another request nor replayed.
 * `caller` is null for a visitor: the token then vouches only for the request and its client address.
 */
export async function signIdentityToken(
  caller: Caller | null,
  secret: string,
  request: ForwardedRequest,
  ttlSeconds = 60,
): Promise<string> {
  const sign = signerFor(secret, ttlSeconds);
  return sign({
    ...(caller === null ? {} : callerClaims(caller)),
    htm: request.method.toUpperCase(),
    htu: request.url,
    jti: randomUUID(),
    ...(request.clientAddress === undefined ? {} : { clientAddress: request.clientAddress }),
  });
}

/**
 * The secrets a verifier accepts: INTERNAL_TOKEN_SECRET, which is also the one that signs, then those of
 * INTERNAL_TOKEN_SECRETS_ACCEPTED, so a rotation can accept the new secret everywhere before anything signs with
 * it (docs/operations.md "Rotate the internal signing secret").
 */
export type AcceptedSecrets = string | readonly string[];

export function acceptedSecretList(secrets: AcceptedSecrets): readonly string[] {
  return typeof secrets === 'string' ? [secrets] : secrets;
}

/** The secret this process signs with (INTERNAL_TOKEN_SECRET): the first accepted one. */
export function signingSecret(secrets: AcceptedSecrets): string {
  const [secret] = acceptedSecretList(secrets);
  if (secret === undefined) throw new Error('no internal secret configured');
  return secret;
}

/** The payload of the first accepted secret whose signature matches; any other failure refuses at once. */
function verifiedPayload(token: string, secrets: AcceptedSecrets): Record<string, unknown> {
  let refusal: unknown = new Error('no secret to verify with');
  for (const secret of acceptedSecretList(secrets)) {
    try {
      return verifierFor(secret)(token);
    } catch (error) {
      // fast-jwt checks the signature before the claims: only a signature made with another secret is worth
      // trying the next one for; an expired or foreign-issuer token is refused whatever secret signed it.
      if (!(error instanceof TokenError) || error.code !== TokenError.codes.invalidSignature) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * Verifies signature, issuer, audience, expiry and age and reads the claims, the binding ones included; rejects
 * when any of that fails. Says nothing about whether the token fits a request: verifyIdentityToken does that.
 */
export async function readIdentityToken(token: string, secrets: AcceptedSecrets): Promise<IdentityToken> {
  const payload = verifiedPayload(token, secrets);
  const binding = bindingClaimsSchema.parse(payload);
  const lastSecond = Math.min(binding.exp, binding.iat + maxAgeSeconds) + clockToleranceSeconds;
  return {
    caller: payload.sub === undefined ? null : callerOfClaims(identityClaimsSchema.parse(payload)),
    request: { method: binding.htm, url: binding.htu },
    ...(binding.clientAddress === undefined ? {} : { clientAddress: binding.clientAddress }),
    tokenId: binding.jti,
    acceptedUntil: lastSecond * 1000,
  };
}

/**
 * What a service does with the token of each request it receives: read it, check it was minted for exactly
 * this request, and that its id has not been used before (within its lifetime, in this process: see
 * ReplayGuard). Rejects with a reason for the log otherwise.
 */
export async function verifyIdentityToken(
  token: string,
  secrets: AcceptedSecrets,
  request: BoundRequest,
  replays: ReplayGuard,
): Promise<IdentityToken> {
  const read = await readIdentityToken(token, secrets);
  if (read.request.method !== request.method.toUpperCase() || read.request.url !== request.url) {
    throw new Error(
      `token is bound to ${read.request.method} ${read.request.url}, not ${request.method} ${request.url}`,
    );
  }
  if (!replays.firstUse(read.tokenId, read.acceptedUntil)) throw new Error('token was already used');
  return read;
}
