import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvoiceExportQuerySchema,
  adminInvoiceListQuerySchema,
  adminInvoiceListSchema,
} from '@app/contracts';
import { adminExportRoute, replyWithListExport, replyWithPage } from '@app/service-kit';
import { listAllInvoices } from '../projections/admin-invoice-queries.js';
import { adminInvoiceColumns } from './admin-invoice-csv.js';

export interface AdminInvoiceRoutesOptions {
  db: pg.Pool;
  now: () => Date;
}

const tags = ['billing'];
const filters =
  '`q` searches the invoice number and the customer’s email (any case, as typed); `status`, `tenantId` and ' +
  '`productId` filter.';

/**
 * Every customer's invoices for admins (issue 21 item 4): the Admin Portal's Invoices list, a page at a time, and
 * the same list as CSV with the same filters, read a page at a time as the download takes it.
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<AdminInvoiceRoutesOptions> = async (app, options) => {
  const { db, now } = options;

  app.get(
    '/api/admin/billing/invoices',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "List every customer's invoices, newest first, a page at a time",
        description: `${filters} \`amount\` in dollars; \`customer\` as billing last heard of them (null fields until it has).`,
        tags,
        querystring: adminInvoiceListQuerySchema,
        response: { 200: adminInvoiceListSchema },
      },
    },
    async (request, reply) => {
      const page = await listAllInvoices(db, request.query);
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  app.get(
    '/api/admin/billing/invoices/export',
    adminExportRoute({
      summary: 'Export invoices as CSV, with the list’s filters',
      description:
        `Every invoice \`GET /api/admin/billing/invoices\` lists with the same filters (${filters}), newest ` +
        'first, streamed as it is read; cells a spreadsheet would run as a formula are written as text.',
      tags,
      querystring: adminInvoiceExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(reply, { name: 'invoices', now: now() }, adminInvoiceColumns, (page) =>
        listAllInvoices(db, { ...request.query, ...page }),
      ),
  );
};
