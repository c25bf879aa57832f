import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityEntryListSchema, activityExportQuerySchema, activityListQuerySchema } from '@app/contracts';
import { csvResponse, decodeCursor, mapRows, replyWithCsv, replyWithPage } from '@app/service-kit';
import { auditKeySchema, everyRow, listCustomerActivity } from '../store/audit-entries.js';
import { toActivityEntry } from '../store/audit-rows.js';
import { activityCsvHeader, activityCsvRow, exportFileName } from './audit-csv.js';
import { signedIn } from './signed-in.js';

export interface CustomerActivityRoutesOptions {
  db: pg.Pool;
  now: () => Date;
  exportPageRows?: number;
}

const tags = ['audit'];
const scope =
  "The signed-in customer's own trail: what happened to the tenants they own (their subscriptions, invoices, " +
  'webhook endpoints…) and to their account, by them (You), by the platform (System) or by an administrator ' +
  "(Support, never named). In an admin's view as the customer, the customer's trail.";

/** The customer dashboard's Activity tab (issue 21). */
export const customerActivityRoutes: FastifyPluginAsyncZod<CustomerActivityRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;

  app.get(
    '/api/activity',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'My activity, newest first',
        description: `${scope} Filters: \`entityType\`, \`action\`, \`from\` (included) and \`to\` (excluded).`,
        tags,
        querystring: activityListQuerySchema,
        response: { 200: activityEntryListSchema },
      },
    },
    async (request, reply) => {
      const customer = signedIn(request.caller);
      const { limit, cursor, ...where } = request.query;
      const page = await listCustomerActivity(db, customer.userId, where, {
        after: decodeCursor(cursor, auditKeySchema),
        limit,
      });
      const entries = page.rows.map((row) => toActivityEntry(row, customer.userId));
      return replyWithPage(request, reply, entries, page.next);
    },
  );

  app.get(
    '/api/activity/export',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'My activity as CSV, with the same filters',
        description: `${scope} Streamed as it is read.`,
        tags,
        querystring: activityExportQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const customer = signedIn(request.caller);
      const rows = everyRow(
        (page) => listCustomerActivity(db, customer.userId, request.query, page),
        options.exportPageRows,
      );
      return replyWithCsv(
        reply,
        exportFileName('activity', options.now()),
        activityCsvHeader,
        mapRows(rows, (row) => activityCsvRow(toActivityEntry(row, customer.userId))),
      );
    },
  );
};
