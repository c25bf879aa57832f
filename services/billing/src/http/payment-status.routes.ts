import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentStatusParamsSchema, paymentStatusReplySchema } from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { HttpProblem, problemType } from '@app/service-kit';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { findPaymentByProviderId } from '../projections/payments.js';

export interface PaymentStatusRoutesOptions {
  db: pg.Pool;
  provider: PaymentProvider;
}

const notFound = 'Payment not found.';

/**
 * GET /api/billing/payments/{paymentIntentId}: the checkout page's wait for billing. Stripe.js reports success to
 * the page before Stripe's webhook reaches billing; the page polls this until billing has recorded the payment.
 * Another buyer's payment answers 404 like an unknown one, so ids cannot be probed.
 */
export const paymentStatusRoutes: FastifyPluginAsyncZod<PaymentStatusRoutesOptions> = async (
  app,
  { db, provider },
) => {
  app.get(
    '/api/billing/payments/:paymentIntentId',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "Where billing stands on one of the caller's payments",
        description:
          'The id is the provider’s payment intent id (Stripe’s `pi_…`). `pending` until billing has recorded ' +
          'the provider’s confirmation, then `succeeded`; `failed` for a payment that can no longer succeed.',
        tags: ['billing'],
        params: paymentStatusParamsSchema,
        response: { 200: paymentStatusReplySchema },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) {
        throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
      }
      const payment = await findPaymentByProviderId(db, provider.name, request.params.paymentIntentId);
      // A not-found like every other service's, so clients can switch on one type.
      if (!payment || payment.userId !== caller.userId) throw new NotFoundError(notFound);
      return { status: payment.status };
    },
  );
};
