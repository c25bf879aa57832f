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

  it('lets the seed pay with the Sandbox by default, with storage alone', () => {
    expect(loadSeedConfig({ DATABASE_URL: base.DATABASE_URL }).PAYMENT_PROVIDER).toBe('sandbox');
  });
});
