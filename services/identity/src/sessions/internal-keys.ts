import { createHash, timingSafeEqual } from 'node:crypto';

export const internalKeyHeader = 'x-internal-key';

/**
 * Constant-time comparison of a presented key with the expected one. Both are hashed first so their lengths
 * match (timingSafeEqual demands it) and the length of the secret does not leak either.
 */
export function internalKeyMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
