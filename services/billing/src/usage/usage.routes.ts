import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageQuerySchema, usageRecordListSchema } from '@app/contracts';
import { decodeCursor, replyWithPage } from '@app/service-kit';
import { usageRange } from './usage-period.js';
import { listUsageOf, usageKeySchema } from './usage-queries.js';

export interface UsageRoutesOptions {
  db: pg.Pool;
  /** Decides which month is the current one. */
  now: () => Date;
}

/**
 * GET /api/usage (SPEC.md §7; §2 dashboard "Usage This Month"): the caller's own usage records, for the current
 * UTC month unless `from` and `to` say otherwise, a page at a time (ARCHITECTURE.md "Decisions for growth"). An
 * admin gets their own too, which the gateway never meters.
 */
export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesOptions> = async (app, { db, now }) => {
  app.get(
    '/api/usage',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The signed-in customer's usage records",
        description:
          'API calls per UTC day, oldest first, then by metric; the current UTC month unless `from` and `to` (dates, both ' +
          'included, at most 366 days apart) are given.',
        tags: ['billing'],
        querystring: usageQuerySchema,
        response: { 200: usageRecordListSchema },
      },
    },
    async (request, reply) => {
      if (!request.caller) return [];
      const { limit, cursor } = request.query;
      const after = decodeCursor(cursor, usageKeySchema);
      const range = usageRange(request.query, now());
      const page = await listUsageOf(db, request.caller.userId, { range, limit, after });
      return replyWithPage(request, reply, page.items, page.next);
    },
  );
};
