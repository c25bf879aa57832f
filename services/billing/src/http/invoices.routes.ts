import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceListQuerySchema, invoiceListSchema } from '@app/contracts';
import { decodeCursor, replyWithPage } from '@app/service-kit';
import { invoiceKeySchema, listInvoicesOf } from '../projections/invoice-queries.js';

/**
 * GET /api/invoices (SPEC.md §7, dashboard and billing page): the caller's own invoices, newest first, a page at
 * a time (ARCHITECTURE.md "Decisions for growth").
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/invoices',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The signed-in customer's invoices",
        description:
          'Newest first, optionally only those of one `status`; `amount` in dollars; status paid, pending or ' +
          'overdue.',
        tags: ['billing'],
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request, reply) => {
      if (!request.caller) return [];
      const { status, limit, cursor } = request.query;
      const after = decodeCursor(cursor, invoiceKeySchema);
      const page = await listInvoicesOf(db, request.caller.userId, { status, limit, after });
      return replyWithPage(request, reply, page.items, page.next);
    },
  );
};
