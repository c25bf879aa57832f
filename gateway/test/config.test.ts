import { describe, expect, it } from 'vitest';
import { catalogueCacheSettings, loadConfig, serviceUrls } from '../src/config.js';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ INTERNAL_TOKEN_SECRET: secret });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      CATALOG_URL: 'http://127.0.0.1:3001',
      UPSTREAM_TIMEOUT_MS: 10_000,
      BODY_LIMIT_BYTES: 1024 * 1024,
      LOG_LEVEL: 'info',
    });
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(serviceUrls(config)).toEqual({ catalog: 'http://127.0.0.1:3001' });
    expect(config).toMatchObject({ TRUST_PROXY: false, NATS_PREFIX: '' });
    expect(config.PUBLIC_ORIGIN).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('reads the origin, proxy trust and NATS settings', () => {
    const config = loadConfig({
      INTERNAL_TOKEN_SECRET: secret,
      PUBLIC_ORIGIN: 'https://Shop.Example.com:443/app/',
      TRUST_PROXY: 'true',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_PREFIX: 'dev1',
    });
    expect(config).toMatchObject({
      PUBLIC_ORIGIN: 'https://shop.example.com',
      TRUST_PROXY: true,
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_PREFIX: 'dev1',
    });
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: secret, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: secret, PUBLIC_ORIGIN: 'ftp://x' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
  });

  it('reads numbers and URLs from strings', () => {
    const config = loadConfig({
      INTERNAL_TOKEN_SECRET: secret,
      PORT: '9000',
      CATALOG_URL: 'http://catalog:3001',
      UPSTREAM_TIMEOUT_MS: '2500',
      BODY_LIMIT_BYTES: '2048',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      CATALOG_URL: 'http://catalog:3001',
      UPSTREAM_TIMEOUT_MS: 2500,
    });
    expect(config.BODY_LIMIT_BYTES).toBe(2048);
  });

  it('refuses a missing or short secret and a malformed URL, without echoing the secret', () => {
    expect(() => loadConfig({})).toThrow(/INTERNAL_TOKEN_SECRET/);
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: 'short-secret-value' })).toThrow(
      /INTERNAL_TOKEN_SECRET/,
    );
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: 'short-secret-value' })).not.toThrow(
      /short-secret-value/,
    );
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: secret, CATALOG_URL: 'not a url' })).toThrow(
      /CATALOG_URL/,
    );
  });

  it('turns the catalogue cache on with NATS, off without it or with a TTL of 0, and checks its limits', () => {
    const withNats = { INTERNAL_TOKEN_SECRET: secret, NATS_URL: 'nats://127.0.0.1:4222' };
    expect(catalogueCacheSettings(loadConfig(withNats))).toEqual({
      ttlMs: 60_000,
      maxEntries: 1_000,
      maxBytes: 32 * 1024 * 1024,
      settleMs: 1_000,
    });
    expect(catalogueCacheSettings(loadConfig({ INTERNAL_TOKEN_SECRET: secret }))).toBeNull();
    expect(catalogueCacheSettings(loadConfig({ ...withNats, CATALOGUE_CACHE_TTL_MS: '0' }))).toBeNull();
    expect(
      catalogueCacheSettings(
        loadConfig({ ...withNats, CATALOGUE_CACHE_MAX_ENTRIES: '50', CATALOGUE_CACHE_SETTLE_MS: '0' }),
      ),
    ).toMatchObject({ maxEntries: 50, settleMs: 0 });
    for (const [name, value] of [
      ['CATALOGUE_CACHE_TTL_MS', '-1'],
      ['CATALOGUE_CACHE_MAX_ENTRIES', '0'],
      ['CATALOGUE_CACHE_MAX_BYTES', '1000'],
      ['CATALOGUE_CACHE_SETTLE_MS', 'soon'],
    ] as const) {
      expect(() => loadConfig({ ...withNats, [name]: value })).toThrow(new RegExp(name));
    }
  });
});
