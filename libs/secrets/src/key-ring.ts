import { secretKeyIdPattern } from './sealed-secret.js';

/**
 * The AES-256 keys a service may use, from configuration text `<id>:<base64 32 bytes>,<id>:<base64>,…`.
 * The first key is the newest and seals everything new; every key opens what it sealed, so a key can be
 * rotated in by putting it first and retired once `needsReencryption` finds nothing sealed under it.
 * Error messages name key ids and entry numbers, never key material.
 */
export interface KeyRing {
  /** The id of the key that seals new secrets. */
  readonly currentKeyId: string;
  /** Every key by id, newest first. */
  readonly keys: ReadonlyMap<string, Uint8Array>;
}

export const secretKeyBytes = 32;

export class KeyRingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRingError';
  }
}

const base64Text = /^[A-Za-z0-9+/_-]+={0,2}$/;
const expectedShape = '<key id>:<base64 of 32 random bytes>[,<key id>:<base64>…]';

export function parseKeyRing(text: string): KeyRing {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new KeyRingError(`The key ring is empty; expected ${expectedShape}`);

  const keys = new Map<string, Uint8Array>();
  entries.forEach((entry, index) => {
    const position = `Key ring entry ${index + 1}`;
    const colon = entry.indexOf(':');
    if (colon === -1) throw new KeyRingError(`${position} must look like ${expectedShape}`);
    const id = entry.slice(0, colon).trim();
    const encoded = entry.slice(colon + 1).trim();
    if (!secretKeyIdPattern.test(id)) {
      throw new KeyRingError(
        `${position} has an invalid key id: use 1 to 64 letters, digits, _ or -, starting with a letter or digit`,
      );
    }
    if (keys.has(id)) throw new KeyRingError(`Key id "${id}" appears more than once in the key ring`);
    if (!base64Text.test(encoded)) throw new KeyRingError(`Key "${id}" is not base64`);
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== secretKeyBytes) {
      throw new KeyRingError(`Key "${id}" must be ${secretKeyBytes} bytes, but is ${key.length}`);
    }
    keys.set(id, new Uint8Array(key));
  });

  const [currentKeyId] = keys.keys();
  if (currentKeyId === undefined) throw new KeyRingError(`The key ring is empty; expected ${expectedShape}`);
  return { currentKeyId, keys };
}
