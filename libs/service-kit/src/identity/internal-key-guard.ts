import type { FastifyRequest } from 'fastify';
import { HttpProblem, problemType } from '../http/problem.js';
import { derivedKey, sameKey } from './derived-key.js';
import { acceptedSecretList, type AcceptedSecrets } from './identity-token.js';

/** Where a service-to-service caller presents its derived key. */
export const internalKeyHeader = 'x-internal-key';

export const internalKeyRequiredMessage = 'A valid internal key is required.';

export interface InternalKeyOptions {
  /**
   * INTERNAL_TOKEN_SECRET, shared by the gateway and every service and never itself sent over the wire, then any
   * INTERNAL_TOKEN_SECRETS_ACCEPTED: a key derived from any of them is accepted.
   */
  secret: AcceptedSecrets;
  /** One purpose per internal call, so a key that opens one internal route opens no other. */
  purpose: string;
}

/**
 * The one guard of `/internal/...` routes: an `onRequest` hook refusing with 401 unless `x-internal-key` is
 * derivedKey(secret, purpose) for an accepted secret. Such routes are 'public' to the access policy (the caller is a service, not a
 * user), so this hook is what keeps out anyone else who can reach the service. Register it in the encapsulated
 * scope of the internal routes only (`app.addHook('onRequest', requireInternalKey(…))`).
 */
export function requireInternalKey(options: InternalKeyOptions) {
  const secrets = acceptedSecretList(options.secret);
  if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
    throw new Error('The internal secret must be at least 32 characters');
  }
  const expected = secrets.map((secret) => derivedKey(secret, options.purpose));
  return async function internalKeyGuard(request: FastifyRequest): Promise<void> {
    const presented = request.headers[internalKeyHeader];
    // A repeated header arrives as an array: refused like a missing one rather than picking either.
    const given = typeof presented === 'string' ? presented : undefined;
    if (!expected.some((key) => sameKey(given, key))) {
      throw new HttpProblem(401, internalKeyRequiredMessage, { type: problemType('unauthenticated') });
    }
  };
}
