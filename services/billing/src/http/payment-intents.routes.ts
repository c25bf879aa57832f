import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentIntentBodySchema, paymentIntentReplySchema } from '@app/contracts';
import {
  commandMetadata,
  HttpProblem,
  problemType,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import type { Checkout } from '../application/checkout.js';
import { checkoutRefusal } from './checkout-refusals.js';

export interface PaymentIntentRoutesOptions {
  checkout: Checkout;
  replies: CommandReplies;
}

/** POST /api/create-payment-intent (SPEC.md §7): the checkout page's payment, priced by the catalogue. */
export const paymentIntentRoutes: FastifyPluginAsyncZod<PaymentIntentRoutesOptions> = async (
  app,
  options,
) => {
  const { checkout, replies } = options;

  app.post(
    '/api/create-payment-intent',
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: 'Start paying for a product',
        description:
          'Charges the catalogue’s current price of the product’s `plan` (default professional, its base ' +
          'price). `amount` is the price the page showed, in dollars: if it is no longer the price, the answer ' +
          'is a 409 asking the page to reload. An unknown or deleted product is a 404, an inactive one or a ' +
          'plan the product does not offer a 422. The client secret confirms the payment with the provider ' +
          '(Stripe.js, or POST /api/billing/sandbox/confirm).',
        tags: ['billing'],
        body: createPaymentIntentBodySchema,
        response: { 200: paymentIntentReplySchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller)
        throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
      if (!caller.email) {
        // The gateway vouches for the account's email with every signed-in call; without one there is no
        // customer to make at the provider.
        throw new HttpProblem(422, 'Your account has no email address. Please sign in again.', {
          type: problemType('email-required'),
        });
      }
      const started = await checkout.start({ userId: caller.userId, email: caller.email }, request.body, {
        metadata: commandMetadata(request),
      });
      if (started.kind === 'refused') throw checkoutRefusal(started.price);
      // The page then polls the payment's status, which billing's payments view answers.
      return replyAfterCommand(
        reply,
        replies,
        { position: started.position },
        {
          fromState: () => ({ clientSecret: started.clientSecret }),
        },
      );
    },
  );
};
