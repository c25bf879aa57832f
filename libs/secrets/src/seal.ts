import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sealedSecretSchema, type SealedSecret } from './sealed-secret.js';
import type { KeyRing } from './key-ring.js';

/**
 * AES-256-GCM for short secrets, applied before they enter an event (ARCHITECTURE.md "Event store"). The
 * optional context is authenticated but not stored (GCM's additional data): a value sealed for
 * `tenant:<id>:dnsServer` fails to open as any other field, so stored ciphertexts cannot be swapped around.
 * No error here ever carries the plaintext.
 */
const algorithm = 'aes-256-gcm';
const ivBytes = 12;
const tagBytes = 16;
/** Short secrets only (passwords, API keys): bounds what a stored value and an event can hold. */
export const maxSecretBytes = 4096;

export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

export function encryptSecret(ring: KeyRing, plaintext: string, context = ''): SealedSecret {
  const data = Buffer.from(plaintext, 'utf8');
  if (data.length > maxSecretBytes) throw new RangeError(`A secret may be at most ${maxSecretBytes} bytes`);
  const key = keyFor(ring, ring.currentKeyId);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  return {
    keyId: ring.currentKeyId,
    iv: iv.toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
  };
}

export function decryptSecret(ring: KeyRing, sealed: SealedSecret, context = ''): string {
  const parsed = sealedSecretSchema.safeParse(sealed);
  if (!parsed.success) throw new SecretDecryptionError('The sealed secret is malformed');
  const { keyId, iv, ciphertext, tag } = parsed.data;
  const key = keyFor(ring, keyId);
  try {
    const decipher = createDecipheriv(algorithm, key, Buffer.from(iv, 'base64url'), {
      authTagLength: tagBytes,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const data = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return data.toString('utf8');
  } catch {
    // Node's own message is generic, but ours says what it means for the caller and nothing more.
    throw new SecretDecryptionError(
      `The secret sealed under key "${keyId}" failed authentication: it was altered or belongs to another context`,
    );
  }
}

/** True when the value was sealed under an older key and should be resealed under the newest. */
export function needsReencryption(ring: KeyRing, sealed: SealedSecret): boolean {
  return sealed.keyId !== ring.currentKeyId;
}

/**
 * The same secret sealed again under the ring's current key when an older key sealed it, for the same context;
 * null when the current key sealed it already. Opening it needs the old key, so it must still be in the ring.
 */
export function resealIfStale(ring: KeyRing, sealed: SealedSecret, context = ''): SealedSecret | null {
  if (!needsReencryption(ring, sealed)) return null;
  return encryptSecret(ring, decryptSecret(ring, sealed, context), context);
}

function keyFor(ring: KeyRing, keyId: string): Uint8Array {
  const key = ring.keys.get(keyId);
  if (key === undefined) {
    throw new SecretDecryptionError(`No key "${keyId}" in the key ring; it may have been retired too early`);
  }
  return key;
}
