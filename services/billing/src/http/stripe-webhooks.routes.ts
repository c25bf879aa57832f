import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandMetadata } from '@app/service-kit';
import type { StripeWebhooks } from '../application/stripe-webhooks.js';

export interface StripeWebhookRoutesOptions {
  webhooks: StripeWebhooks;
}

const webhookReply = z.object({ received: z.literal(true), result: z.string() });

/**
 * POST /api/webhooks/stripe: Stripe's events, registered only when Stripe is the provider. The signature covers
 * the exact bytes sent, so inside this plugin JSON bodies are kept as the raw Buffer (the parser is scoped here;
 * every other route still parses JSON). A bad signature is a 400; a replayed event a 200 that changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookRoutesOptions> = async (
  app,
  options,
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/stripe',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'Stripe webhook',
        description:
          'Verified with the Stripe-Signature header over the raw body (the library’s tolerance for its ' +
          'timestamp). payment_intent.succeeded and payment_intent.payment_failed settle billing’s payment; ' +
          'each event id is handled once.',
        tags: ['billing'],
        headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }),
        response: { 200: webhookReply },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await options.webhooks.receive(rawBody, request.headers['stripe-signature'], {
        metadata: commandMetadata(request),
      });
      request.log.info({ result }, 'Stripe webhook');
      return { received: true as const, result };
    },
  );
};
