import { passwordMinLength } from '@app/contracts';
import { commonPasswords } from './common-passwords.js';

export { passwordMinLength };

/**
 * NIST SP 800-63B / OWASP ASVS 2.1: length matters, composition rules do not; refuse known-common passwords.
 * The minimum lives in the contracts, so the Settings form checks the same number; 128 is a ceiling against
 * hashing abuse, far above any memorised secret.
 */
export const passwordMaxLength = 128;

export const passwordMessages = {
  missing: 'Enter a password.',
  tooShort: `Password must be at least ${passwordMinLength} characters.`,
  tooLong: `Password must be at most ${passwordMaxLength} characters.`,
  tooCommon: 'This password is too common and easy to guess. Choose a different one.',
} as const;

/**
 * Unicode passwords are compared after NFKC, so the same password typed on two keyboards (composed or decomposed
 * accents, full-width digits) hashes the same (NIST SP 800-63B §5.1.1.2).
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** The first rule `password` breaks, as the sentence the form shows; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const normalized = normalizePassword(password);
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...normalized].length;
  if (length === 0) return passwordMessages.missing;
  if (length < passwordMinLength) return passwordMessages.tooShort;
  if (length > passwordMaxLength) return passwordMessages.tooLong;
  if (commonPasswords.has(normalized.toLowerCase())) return passwordMessages.tooCommon;
  return null;
}
