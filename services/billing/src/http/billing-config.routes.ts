import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingConfigSchema } from '@app/contracts';
import type { PaymentProvider } from '../payments/payment-provider.js';

/**
 * GET /api/billing/config: which provider the checkout loads (Stripe's Payment Element or the Sandbox's form),
 * named in its "Secured by" note, and Stripe's publishable key. Public: the catalogue's visitors may look.
 */
export const billingConfigRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const body = {
    provider: provider.name,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
  app.get(
    '/api/billing/config',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'The payment provider in use',
        tags: ['billing'],
        response: { 200: billingConfigSchema },
      },
    },
    async () => body,
  );
};
