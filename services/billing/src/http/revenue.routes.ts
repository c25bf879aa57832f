import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revenueQuerySchema, revenueReportSchema } from '@app/contracts';
import { ValidationError } from '@app/domain';
import { addMonths, monthOf } from '../domain/revenue/months.js';
import { revenueReport } from '../domain/revenue/revenue-report.js';
import { readRevenueHistory } from '../projections/revenue/month-rows.js';

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

/** Revenue analytics for admins (README "Revenue analytics"). */
export const revenueRoutes: FastifyPluginAsyncZod<RevenueRoutesOptions> = async (app, { db, now }) => {
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
    async (request) => {
      const asOf = now();
      const current = monthOf(asOf);
      const { from = addMonths(current, 1 - defaultMonths), to = current } = request.query;
      if (to > current) {
        const message = `to must not be after the current month (${current})`;
        throw new ValidationError(message, [{ path: 'to', message }]);
      }
      const months = revenueReport(await readRevenueHistory(db), from, to);
      return { currency: 'usd' as const, from, to, asOf: asOf.toISOString(), months };
    },
  );
};
