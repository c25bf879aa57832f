import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: 43 characters, safe in a cookie without quoting (OWASP Session Management). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough: the input is 256 random bits, so
 * unlike a password it cannot be guessed from the hash, and a lookup stays one index probe.
 */
export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** Anything else cannot be one of ours; refusing it early keeps junk cookies away from the database. */
export function isWellFormedSessionToken(value: unknown): value is string {
  return typeof value === 'string' && tokenShape.test(value);
}
