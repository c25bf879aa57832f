import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  NATS_URL: 'nats://localhost:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
  TENANCY_URL: 'http://127.0.0.1:3003',
};

describe('monitoring config', () => {
  it('has the defaults the README states and falls back to DATABASE_URL', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      PORT: 3005,
      DATABASE_URL: base.DATABASE_URL,
      SCRAPE_INTERVAL_MS: 300_000,
      METRICS_PATH: '/api/metrics',
      SCRAPE_ALLOW_HOSTS: [],
      HISTORY_RETENTION_DAYS: 30,
    });
    expect(config.CATALOG_URL).toBeUndefined();
  });

  it('prefers MONITORING_DATABASE_URL and reads the allow list', () => {
    const config = loadConfig({
      ...base,
      MONITORING_DATABASE_URL: 'postgres://localhost/monitoring',
      SCRAPE_ALLOW_HOSTS: ' Localhost:4100, [::1]:4100 ,,',
    });
    expect(config.DATABASE_URL).toBe('postgres://localhost/monitoring');
    expect(config.SCRAPE_ALLOW_HOSTS).toEqual(['localhost:4100', '[::1]:4100']);
  });

  it('requires TENANCY_URL and refuses a metrics path that is not a path', () => {
    const { TENANCY_URL: _tenancy, ...withoutTenancy } = base;
    expect(() => loadConfig(withoutTenancy)).toThrow(/TENANCY_URL/);
    expect(() => loadConfig({ ...base, METRICS_PATH: 'api/metrics' })).toThrow(/METRICS_PATH/);
  });
});
