import { z } from 'zod';

/**
 * A secret as it is stored inside an event: AES-256-GCM output, every part base64url, plus the id of the key
 * that sealed it so keys can rotate (ARCHITECTURE.md "Event store": "key id stored alongside"). Free of Node
 * and exported on its own (`@app/secrets/sealed-secret`), so a service's stored event schemas in its pure domain
 * code can name it; seal.ts produces and opens it.
 */
const base64url = /^[A-Za-z0-9_-]*$/;

export const secretKeyIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const sealedSecretSchema = z.strictObject({
  keyId: z.string().regex(secretKeyIdPattern, 'keyId must be letters, digits, _ or -'),
  /** 12 random bytes, fresh for every seal. */
  iv: z.string().length(16, 'iv must be 12 bytes').regex(base64url, 'iv must be base64url'),
  ciphertext: z.string().max(8192).regex(base64url, 'ciphertext must be base64url'),
  /** The 16-byte GCM authentication tag. */
  tag: z.string().length(22, 'tag must be 16 bytes').regex(base64url, 'tag must be base64url'),
});

export type SealedSecret = z.infer<typeof sealedSecretSchema>;
