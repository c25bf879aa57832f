import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyRingError, parseKeyRing } from '../src/index.js';

const key = (bytes = 32) => randomBytes(bytes).toString('base64');

function parseError(text: string): string {
  try {
    parseKeyRing(text);
  } catch (error) {
    expect(error).toBeInstanceOf(KeyRingError);
    return (error as Error).message;
  }
  throw new Error('expected the key ring to be refused');
}

describe('parseKeyRing', () => {
  it('takes the first key as the newest and keeps every key for opening', () => {
    const ring = parseKeyRing(` k2026a:${key()} , k2025b:${key()}`);
    expect(ring.currentKeyId).toBe('k2026a');
    expect([...ring.keys.keys()]).toEqual(['k2026a', 'k2025b']);
    expect(ring.keys.get('k2025b')).toHaveLength(32);
  });

  it('accepts base64url keys as well as standard base64', () => {
    const material = randomBytes(32);
    const ring = parseKeyRing(`a:${material.toString('base64url')}`);
    expect(Buffer.from(ring.keys.get('a') ?? []).equals(material)).toBe(true);
  });

  it('refuses empty text, entries without an id, bad ids, duplicates, non-base64 and wrong lengths', () => {
    expect(parseError('')).toMatch(/empty/);
    expect(parseError(' , ')).toMatch(/empty/);
    expect(parseError(key())).toBe(
      'Key ring entry 1 must look like <key id>:<base64 of 32 random bytes>[,<key id>:<base64>…]',
    );
    expect(parseError(`ok:${key()},bad id:${key()}`)).toMatch(/^Key ring entry 2 has an invalid key id/);
    expect(parseError(`:${key()}`)).toMatch(/^Key ring entry 1 has an invalid key id/);
    expect(parseError(`k1:${key()},k1:${key()}`)).toBe('Key id "k1" appears more than once in the key ring');
    expect(parseError('k1:not base64!')).toBe('Key "k1" is not base64');
    expect(parseError(`k1:${key(16)}`)).toBe('Key "k1" must be 32 bytes, but is 16');
  });

  it('never repeats key material in an error', () => {
    const material = key(31);
    expect(parseError(`k1:${material}`)).not.toContain(material);
  });
});
