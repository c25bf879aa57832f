import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicePaymentParamsSchema, invoicePaymentReplySchema } from '@app/contracts';
import { HttpProblem, problemType } from '@app/service-kit';
import type { PayOverdueInvoice } from '../application/pay-overdue-invoice.js';

/** POST /api/invoices/:invoiceId/pay: "Pay now" on the customer's own overdue invoice. */
export const invoicePaymentRoutes: FastifyPluginAsyncZod<{ payOverdueInvoice: PayOverdueInvoice }> = async (
  app,
  { payOverdueInvoice },
) => {
  app.post(
    '/api/invoices/:invoiceId/pay',
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: 'Pay an overdue invoice now with the card on file',
        description:
          'One charge of the saved card, however often it is asked: paid reactivates a suspended ' +
          'subscription (tenancy hears of the payment). A decline is a 402 `urn:problem:payment-declined` ' +
          "with the card issuer's words; an invoice that is not overdue is a 409, another's a 404.",
        tags: ['billing'],
        params: invoicePaymentParamsSchema,
        response: { 200: invoicePaymentReplySchema },
      },
    },
    async (request) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      const { invoiceId } = request.params;
      const payment = await payOverdueInvoice(invoiceId, request.caller.userId);
      if (payment.kind === 'declined') {
        throw new HttpProblem(402, payment.message, { type: problemType('payment-declined') });
      }
      return { invoiceId, status: 'paid' as const };
    },
  );
};
