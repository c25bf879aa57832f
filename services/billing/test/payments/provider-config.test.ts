import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { parseConfig } from '@app/service-kit/config';
import { createPaymentProvider, paymentProviderSchema } from '../../src/payments/provider-config.js';
import { startFakeStripe } from './stripe/fake-stripe.js';

// The Sandbox touches its pool only when asked to pay; choosing it must not.
const unusedPool = {} as pg.Pool;

const stripeEnv = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_config',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
  STRIPE_WEBHOOK_SECRET: 'whsec_config',
};

const fake = startedForFile(startFakeStripe);

describe('payment provider configuration', () => {
  it('defaults to the Sandbox, which needs no keys', () => {
    const config = parseConfig(paymentProviderSchema, {});
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    const provider = createPaymentProvider(config, { pool: unusedPool });
    expect(provider.name).toBe('sandbox');
    expect(provider.publishableKey).toBeNull();
  });

  it('requires all three Stripe keys once Stripe is chosen, without echoing any value', () => {
    const run = () =>
      parseConfig(paymentProviderSchema, {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_secretvalue',
      });
    expect(run).toThrow(/STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_PROVIDER is stripe/);
    expect(run).toThrow(/STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER is stripe/);
    expect(run).not.toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      parseConfig(paymentProviderSchema, { ...stripeEnv, STRIPE_SECRET_KEY: 'pk_test_wrongkind' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key \(sk_test_… or sk_live_…\) \(value hidden\)/);
    expect(() => parseConfig(paymentProviderSchema, { PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER: must be sandbox or stripe/,
    );
  });

  it('refuses to build Stripe without its keys even when the schema was not refined', () => {
    expect(() => createPaymentProvider({ PAYMENT_PROVIDER: 'stripe' }, { pool: unusedPool })).toThrow(
      /STRIPE_SECRET_KEY: is not set/,
    );
  });

  it('builds the Stripe adapter with its publishable key, talking to STRIPE_API_URL when given', async () => {
    const config = parseConfig(paymentProviderSchema, {
      ...stripeEnv,
      STRIPE_API_URL: `http://127.0.0.1:${fake.apiBase.port}`,
    });
    expect(config.STRIPE_API_URL).toEqual(fake.apiBase);
    const provider = createPaymentProvider(config, { pool: unusedPool });
    expect(provider).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_config' });
    fake.answer(() => ({ status: 200, body: { id: 'cus_Config', object: 'customer' } }));
    await expect(
      provider.createCustomer({ userId: 'u1', email: 'casey@demo.local', idempotencyKey: 'k1' }),
    ).resolves.toEqual({ customerId: 'cus_Config' });
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer sk_test_config']);
  });
});
