import { describe, expect, it } from 'vitest';
import { loadConfig, loadSeedConfig, loadStorageConfig } from '../src/config.js';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  NATS_URL: 'nats://localhost:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('billing config', () => {
  it('defaults to the Sandbox on port 3004, falling back to DATABASE_URL', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      PORT: 3004,
      PAYMENT_PROVIDER: 'sandbox',
      DATABASE_URL: base.DATABASE_URL,
    });
    expect(config.OTEL_SERVICE_NAME).toBe('billing');
  });

  it('prefers BILLING_DATABASE_URL', () => {
    const own = 'postgres://localhost/billing';
    expect(loadConfig({ ...base, BILLING_DATABASE_URL: own }).DATABASE_URL).toBe(own);
    expect(loadStorageConfig({ BILLING_DATABASE_URL: own }).DATABASE_URL).toBe(own);
  });

  it('needs all three Stripe keys to choose Stripe, and never echoes them', () => {
    const stripe = { ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_hidden123' };
    expect(() => loadConfig(stripe)).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_PROVIDER is stripe/,
    );
    expect(() => loadConfig(stripe)).not.toThrow(/sk_test_hidden123/);
    const complete = loadConfig({
      ...stripe,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(complete.PAYMENT_PROVIDER).toBe('stripe');
  });

  it('renews every minute with a 14-day trial and retries 1, 3 and 5 days after the first attempt by default', () => {
    expect(loadConfig(base)).toMatchObject({
      RENEWAL_TICK_MS: 60_000,
      TRIAL_DAYS: 14,
      RENEWAL_RETRY_DAYS: [1, 3, 5],
    });
    expect(loadConfig({ ...base, RENEWAL_RETRY_DAYS: '2, 4', TRIAL_DAYS: '0' })).toMatchObject({
      RENEWAL_RETRY_DAYS: [2, 4],
      TRIAL_DAYS: 0,
    });
    expect(loadConfig({ ...base, RENEWAL_RETRY_DAYS: 'none' }).RENEWAL_RETRY_DAYS).toEqual([]);
  });

  it('refuses a retry schedule that is not increasing whole days, and a tick under a second', () => {
    expect(() => loadConfig({ ...base, RENEWAL_RETRY_DAYS: '3,1' })).toThrow(
      /RENEWAL_RETRY_DAYS: must be increasing/,
    );
    expect(() => loadConfig({ ...base, RENEWAL_RETRY_DAYS: '1,two' })).toThrow(/RENEWAL_RETRY_DAYS/);
    expect(() => loadConfig({ ...base, RENEWAL_TICK_MS: '10' })).toThrow(/RENEWAL_TICK_MS/);
  });

  it('lets the seed pay with the Sandbox by default, with storage alone', () => {
    expect(loadSeedConfig({ DATABASE_URL: base.DATABASE_URL }).PAYMENT_PROVIDER).toBe('sandbox');
  });
});
