import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { productSummarySchema } from '@app/contracts';
import { productSummary } from '../projections/product-counts.js';

/** The Admin Dashboard's and Portal's product counters (SPEC.md §2), without fetching the list. */
export const productSummaryRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/admin/products/summary',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Count products',
        description: 'Every product, and the active ones among them.',
        tags: ['catalog'],
        response: { 200: productSummarySchema },
      },
    },
    async () => productSummary(db),
  );
};
