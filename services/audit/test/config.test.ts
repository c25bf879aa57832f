import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  NATS_URL: 'nats://localhost:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('audit config', () => {
  it('has the defaults the README states and falls back to DATABASE_URL', () => {
    expect(loadConfig(base)).toMatchObject({
      PORT: 3007,
      DATABASE_URL: base.DATABASE_URL,
      DATABASE_POOL_SIZE: 5,
    });
  });

  it('prefers AUDIT_DATABASE_URL, and needs NATS and the token secret', () => {
    expect(loadConfig({ ...base, AUDIT_DATABASE_URL: 'postgres://localhost/audit' }).DATABASE_URL).toBe(
      'postgres://localhost/audit',
    );
    const { NATS_URL: _nats, ...withoutNats } = base;
    expect(() => loadConfig(withoutNats)).toThrow(/NATS_URL/);
    expect(() => loadConfig({ ...base, INTERNAL_TOKEN_SECRET: 'short' })).toThrow(/INTERNAL_TOKEN_SECRET/);
  });
});
