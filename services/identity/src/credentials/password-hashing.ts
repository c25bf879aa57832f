import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { normalizePassword } from './password-policy.js';

/**
 * argon2id at OWASP's first recommended setting (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1), about
 * 20–40 ms per hash on one core here: slow for an attacker with a stolen table, cheap enough for sign-in.
 */
export const argon2Parameters = {
  algorithm: 2, // Argon2id; the package's Algorithm is an ambient const enum, unusable under isolatedModules
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const satisfies Options;

/** The PHC prefix our parameters produce; a stored hash with another one is upgraded at the next sign-in. */
const currentPrefix = `$argon2id$v=19$m=${argon2Parameters.memoryCost},t=${argon2Parameters.timeCost},p=${argon2Parameters.parallelism}$`;

export async function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), argon2Parameters);
}

/** False for a wrong password and for a stored value that is not a hash at all (never throws on bad data). */
export async function verifyPasswordHash(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(currentPrefix);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows. Verifying against it when an account has no credentials costs the
 * same as a real check, so response time does not tell whether an email is registered.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hash(randomBytes(32).toString('base64url'), argon2Parameters);
  return dummy;
}
