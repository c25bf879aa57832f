import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { newKeyRingText } from './support/key-rings.js';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  NATS_URL: 'nats://localhost:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('tenancy config', () => {
  it('reads the key ring, newest first, and falls back to DATABASE_URL', () => {
    const config = loadConfig({ ...base, SECRETS_KEYS: newKeyRingText('k2', 'k1') });
    expect(config.SECRETS_KEYS.currentKeyId).toBe('k2');
    expect([...config.SECRETS_KEYS.keys.keys()]).toEqual(['k2', 'k1']);
    expect(config.DATABASE_URL).toBe(base.DATABASE_URL);
    expect(config.PORT).toBe(3003);
  });

  it('refuses a missing or malformed key ring without echoing it', () => {
    expect(() => loadConfig(base)).toThrow(/SECRETS_KEYS/);
    expect(() => loadConfig({ ...base, SECRETS_KEYS: 'k1:c2hvcnQ=' })).toThrow(/must be 32 bytes/);
    expect(() => loadConfig({ ...base, SECRETS_KEYS: 'k1:c2hvcnQ=' })).not.toThrow(/c2hvcnQ/);
  });
});
