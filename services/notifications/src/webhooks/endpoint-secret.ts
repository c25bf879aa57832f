import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, secretContexts, type KeyRing, type SealedSecret } from '@app/secrets';

/**
 * A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64 (the spec asks for
 * 24 to 64). Shown to the owner once, at registration or rotation; afterwards only its seal is kept.
 */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Sealed for this endpoint alone: a seal moved to another endpoint's stream fails to open. */
export function sealEndpointSecret(ring: KeyRing, endpointId: string, secret: string): SealedSecret {
  return encryptSecret(ring, secret, secretContexts.webhookEndpointSecret(endpointId));
}

export function openEndpointSecret(ring: KeyRing, endpointId: string, sealed: SealedSecret): string {
  return decryptSecret(ring, sealed, secretContexts.webhookEndpointSecret(endpointId));
}
