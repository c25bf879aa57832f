import type { SealedSecret } from '@app/secrets/sealed-secret';

/**
 * Seals compared as values. A freshly sealed secret always differs from the stored one (new IV), even for the
 * same plaintext, so re-saving one records a change: the decider cannot know better without plaintext, and
 * must not have it.
 */
export function sameSealed(a: SealedSecret | null, b: SealedSecret | null): boolean {
  if (a === null || b === null) return a === b;
  return a.keyId === b.keyId && a.iv === b.iv && a.ciphertext === b.ciphertext && a.tag === b.tag;
}
