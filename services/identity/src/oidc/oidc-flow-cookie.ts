import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { derivedKey } from '@app/service-kit';
import type { OidcFlow } from './oidc-client.js';

/** Sent only to the start and callback routes (Path), and only for the few minutes a sign-in takes. */
export const oidcFlowCookieName = 'oidc_flow';
export const oidcFlowCookiePath = '/api/login/oidc';
export const oidcFlowMaxAgeSeconds = 10 * 60;

const sealedSchema = z.object({
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  codeVerifier: z.string().min(43).max(128),
  returnTo: z.string().max(2048),
  expiresAt: z.number(),
});

export interface OidcFlowSealer {
  seal(flow: OidcFlow): string;
  /** The flow the cookie carries, or null when it is missing, forged, tampered with or expired. */
  open(value: string | undefined): OidcFlow | null;
}

const ivBytes = 12;
const tagBytes = 16;

/**
 * The flow travels in the browser, encrypted and authenticated (AES-256-GCM) under a key derived from
 * INTERNAL_TOKEN_SECRET for this purpose only: nothing to store or clean up server-side, the PKCE verifier stays
 * secret, and the cookie binds the callback to the browser that started it (no login CSRF). The expiry is
 * inside the authenticated text, so a kept copy of the cookie stops working with the Max-Age.
 */
export function createOidcFlowSealer(secret: string, now: () => Date = () => new Date()): OidcFlowSealer {
  const key = Buffer.from(derivedKey(secret, 'identity:oidc-flow-cookie'), 'base64url');
  return {
    seal(flow) {
      const expiresAt = now().getTime() + oidcFlowMaxAgeSeconds * 1000;
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = Buffer.from(JSON.stringify({ ...flow, expiresAt }), 'utf8');
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },

    open(value) {
      if (value === undefined || value.length === 0 || value.length > 4096) return null;
      const bytes = Buffer.from(value, 'base64url');
      if (bytes.length <= ivBytes + tagBytes) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes), {
          authTagLength: tagBytes,
        });
        decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
        const plain = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
        const parsed = sealedSchema.safeParse(JSON.parse(plain.toString('utf8')));
        if (!parsed.success || parsed.data.expiresAt <= now().getTime()) return null;
        const { expiresAt: _expiresAt, ...flow } = parsed.data;
        return flow;
      } catch {
        // Wrong key, altered bytes or not ours at all: the same answer.
        return null;
      }
    },
  };
}
