import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceListSchema } from '@app/contracts';
import { listInvoicesOf } from '../projections/invoice-queries.js';

/** GET /api/invoices (SPEC.md §7, dashboard and billing page): the caller's own invoices, newest first. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/invoices',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The signed-in customer's invoices",
        description: 'Newest first; `amount` in dollars; status paid, pending or overdue.',
        tags: ['billing'],
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => (request.caller ? listInvoicesOf(db, request.caller.userId) : []),
  );
};
