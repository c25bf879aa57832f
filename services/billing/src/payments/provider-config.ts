import type pg from 'pg';
import { z } from 'zod';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.js';
import { createStripeProvider, type StripeApiBase, type StripeProvider } from './stripe/stripe-provider.js';

/**
 * The environment that chooses the payment provider, as a fragment of billing's config schema:
 * `z.object({ ...serviceVariables(…), ...paymentProviderVariables }).superRefine(requireStripeKeys)`.
 * The Sandbox is the default, so `npm start` needs no Stripe account.
 */
export const paymentProviderVariables = {
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' }).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Another address for Stripe's API than api.stripe.com, such as a local stand-in in an end-to-end test. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((text): StripeApiBase => {
      const url = new URL(text);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
    })
    .optional(),
};

const paymentProviderObject = z.object(paymentProviderVariables);
export type PaymentProviderConfig = z.output<typeof paymentProviderObject>;

const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The rule across variables: choosing Stripe needs all three of its keys. */
export function requireStripeKeys(config: PaymentProviderConfig, context: z.RefinementCtx): void {
  if (config.PAYMENT_PROVIDER !== 'stripe') return;
  for (const name of stripeKeys) {
    if (config[name] === undefined) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when PAYMENT_PROVIDER is stripe',
      });
    }
  }
}

/** The fragment on its own, refined: for parsing or testing the provider's variables apart from the rest. */
export const paymentProviderSchema = paymentProviderObject.superRefine(requireStripeKeys);

export interface PaymentProviderDependencies {
  /** Billing's pool (search_path billing): the Sandbox keeps its customers, intents and saved methods there. */
  pool: pg.Pool;
  now?: () => Date;
  newId?: () => string;
}

/**
 * The configured adapter. Narrow on `name` for what only one of them has: the Sandbox's `confirmPayment`
 * (its confirm route) or Stripe's `parseWebhook` (the webhook route).
 */
export function createPaymentProvider(
  config: PaymentProviderConfig,
  dependencies: PaymentProviderDependencies,
): SandboxProvider | StripeProvider {
  if (config.PAYMENT_PROVIDER === 'sandbox') return createSandboxProvider(dependencies);
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    const missing = stripeKeys.filter((name) => !config[name]).map((name) => `  - ${name}: is not set`);
    throw new Error(`Invalid configuration: PAYMENT_PROVIDER is stripe\n${missing.join('\n')}`);
  }
  return createStripeProvider({
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    ...(STRIPE_API_URL ? { apiBase: STRIPE_API_URL } : {}),
  });
}
