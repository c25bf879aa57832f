import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revenueQuerySchema, revenueReportSchema, type RevenueQuery } from '@app/contracts';
import { ValidationError } from '@app/domain';
import { csvResponse, replyWithCsv } from '@app/service-kit';
import { addMonths, monthOf } from '../domain/revenue/months.js';
import { revenueReport } from '../domain/revenue/revenue-report.js';
import { readRevenueHistory } from '../projections/revenue/month-rows.js';
import { revenueCsvFileName, revenueCsvHeader, revenueCsvRow } from './revenue-csv.js';

export interface RevenueRoutesOptions {
  db: pg.Pool;
  now: () => Date;
}

/** The Revenue tab's default: the current month and the 11 before it. */
const defaultMonths = 12;

const description =
  'Monthly revenue figures for UTC calendar months, both ends included (default: the last 12, the current one ' +
  'last): MRR and its movements (new, expansion, contraction, churned, reactivation), paying customers, net ' +
  'revenue retention, logo churn, ARPA, what paid invoices collected, and what was outstanding and overdue at ' +
  "each month's end (the current month's: now). Definitions in billing's README, \"Revenue analytics\". Read " +
  'from one row per month of history, whatever the number of subscriptions or invoices.';

/** Revenue analytics for admins (README "Revenue analytics"): the figures, and the same figures as CSV. */
export const revenueRoutes: FastifyPluginAsyncZod<RevenueRoutesOptions> = async (app, { db, now }) => {
  async function report(query: RevenueQuery) {
    const asOf = now();
    const current = monthOf(asOf);
    const { from = addMonths(current, 1 - defaultMonths), to = current } = query;
    if (to > current) {
      const message = `to must not be after the current month (${current})`;
      throw new ValidationError(message, [{ path: 'to', message }]);
    }
    const months = revenueReport(await readRevenueHistory(db), from, to);
    return { currency: 'usd' as const, from, to, asOf: asOf.toISOString(), months };
  }

  app.get(
    '/api/admin/billing/revenue',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Revenue analytics by month',
        description,
        tags: ['billing'],
        querystring: revenueQuerySchema,
        response: { 200: revenueReportSchema },
      },
    },
    (request) => report(request.query),
  );

  app.get(
    '/api/admin/billing/revenue/export',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Revenue analytics by month, as CSV',
        description:
          'The figures of GET /api/admin/billing/revenue for the same months, one row per month, oldest ' +
          'first: dollars, ratios as fractions (empty when undefined). At most 60 rows, so the report is ' +
          'read whole; the rows are written as a stream like every export.',
        tags: ['billing'],
        querystring: revenueQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const { from, to, months } = await report(request.query);
      return replyWithCsv(reply, revenueCsvFileName(from, to), revenueCsvHeader, rowsOf(months));
    },
  );
};

async function* rowsOf(months: Parameters<typeof revenueCsvRow>[0][]) {
  for (const month of months) yield revenueCsvRow(month);
}
