import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SecretDecryptionError,
  decryptSecret,
  encryptSecret,
  needsReencryption,
  parseKeyRing,
  resealIfStale,
  sealedSecretSchema,
  secretContexts,
  type SealedSecret,
} from '../src/index.js';

const oldKey = `k2025b:${randomBytes(32).toString('base64')}`;
const newKey = `k2026a:${randomBytes(32).toString('base64')}`;
const oldRing = parseKeyRing(oldKey);
const ring = parseKeyRing(`${newKey},${oldKey}`);
const tenantId = '0196f2a0-0000-7000-8000-000000000001';
const context = secretContexts.tenantProviderPassword(tenantId, 'domainRegistrar');
const plaintext = 'hunter2 — ünïcode ok';

/** Flips one bit of a base64url field, keeping it well formed. */
function flip(field: string): string {
  const bytes = Buffer.from(field, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

function openError(sealed: SealedSecret, aad = context): Error {
  try {
    decryptSecret(ring, sealed, aad);
  } catch (error) {
    expect(error).toBeInstanceOf(SecretDecryptionError);
    expect((error as Error).message).not.toContain(plaintext);
    return error as Error;
  }
  throw new Error('expected the sealed secret to be refused');
}

describe('sealing secrets', () => {
  it('round-trips under the newest key, as a JSON-safe value the stored schema accepts', () => {
    const sealed = encryptSecret(ring, plaintext, context);
    expect(sealed.keyId).toBe('k2026a');
    expect(JSON.stringify(sealed)).not.toContain('hunter2');
    expect(sealedSecretSchema.parse(JSON.parse(JSON.stringify(sealed)))).toEqual(sealed);
    expect(decryptSecret(ring, sealed, context)).toBe(plaintext);
    expect(decryptSecret(ring, encryptSecret(ring, ''))).toBe('');
  });

  it('uses a fresh IV every time, so equal secrets never look equal', () => {
    const seals = Array.from({ length: 200 }, () => encryptSecret(ring, plaintext, context));
    expect(new Set(seals.map((sealed) => sealed.iv)).size).toBe(200);
    expect(new Set(seals.map((sealed) => sealed.ciphertext)).size).toBe(200);
  });

  it('detects a changed ciphertext, tag or IV', () => {
    const sealed = encryptSecret(ring, plaintext, context);
    for (const field of ['ciphertext', 'tag', 'iv'] as const) {
      expect(openError({ ...sealed, [field]: flip(sealed[field]) }).message).toMatch(/failed authentication/);
    }
  });

  it('binds the value to its context: another field, tenant or no context cannot open it', () => {
    const sealed = encryptSecret(ring, plaintext, context);
    openError(sealed, secretContexts.tenantProviderPassword(tenantId, 'dnsServer'));
    openError(
      sealed,
      secretContexts.tenantProviderPassword('0196f2a0-0000-7000-8000-000000000002', 'domainRegistrar'),
    );
    openError(sealed, '');
  });

  it('refuses a key id it does not hold, and one swapped for another key it holds', () => {
    const sealed = encryptSecret(ring, plaintext, context);
    expect(openError({ ...sealed, keyId: 'k2019z' }).message).toBe(
      'No key "k2019z" in the key ring; it may have been retired too early',
    );
    expect(openError({ ...sealed, keyId: 'k2025b' }).message).toMatch(/failed authentication/);
  });

  it('refuses a malformed stored value before touching the cipher', () => {
    const sealed = encryptSecret(ring, plaintext, context);
    expect(openError({ ...sealed, iv: 'short' }).message).toBe('The sealed secret is malformed');
  });

  it('opens values sealed under an older key and flags them for resealing', () => {
    const old = encryptSecret(oldRing, plaintext, context);
    expect(old.keyId).toBe('k2025b');
    expect(decryptSecret(ring, old, context)).toBe(plaintext);
    expect(needsReencryption(ring, old)).toBe(true);
    expect(needsReencryption(ring, encryptSecret(ring, plaintext, context))).toBe(false);
  });

  it('reseals a value an older key sealed under the newest, for the same context, and leaves a current one', () => {
    const old = encryptSecret(oldRing, plaintext, context);
    const resealed = resealIfStale(ring, old, context);
    expect(resealed?.keyId).toBe('k2026a');
    expect(decryptSecret(parseKeyRing(newKey), resealed!, context)).toBe(plaintext);
    expect(resealIfStale(ring, resealed!, context)).toBeNull();
    expect(() => resealIfStale(ring, old, 'another:context')).toThrow(SecretDecryptionError);
  });

  it('refuses secrets longer than a short secret should be', () => {
    expect(() => encryptSecret(ring, 'x'.repeat(4097))).toThrow('A secret may be at most 4096 bytes');
  });
});
