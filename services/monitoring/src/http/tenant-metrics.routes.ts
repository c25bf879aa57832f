import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  tenantMetricsHistoryQuerySchema,
  tenantMetricsHistoryReplySchema,
  tenantMetricsQuerySchema,
  tenantMetricsReplySchema,
} from '@app/contracts';
import { readTenantMetrics } from '../application/tenant-metrics.js';
import { readTenantMetricsHistory } from '../application/tenant-metrics-history.js';
import type { Scraper } from '../scraper/scraper.js';

export interface TenantMetricsRoutesOptions {
  db: pg.Pool;
  scraper: Pick<Scraper, 'scrapeNow'>;
  now: () => Date;
}

const paramsSchema = z.object({ tenantId: idSchema });

/** SPEC.md §2 "Tenant monitoring" and §7: the latest document of a tenant's app, and its history for charts. */
export const tenantMetricsRoutes: FastifyPluginAsyncZod<TenantMetricsRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/tenant-metrics/:tenantId',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['monitoring'],
        summary: "The latest metrics document of a tenant's app",
        params: paramsSchema,
        querystring: tenantMetricsQuerySchema,
        response: { 200: tenantMetricsReplySchema },
      },
    },
    async (request) =>
      readTenantMetrics(options, request.params.tenantId, request.query.subscription ?? undefined),
  );

  app.get(
    '/api/tenant-metrics/:tenantId/history',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['monitoring'],
        summary: "CPU, memory, disk, response time and error rate of a tenant's app over a time range",
        params: paramsSchema,
        querystring: tenantMetricsHistoryQuerySchema,
        response: { 200: tenantMetricsHistoryReplySchema },
      },
    },
    async (request) =>
      readTenantMetricsHistory(
        options.db,
        {
          tenantId: request.params.tenantId,
          subscriptionId: request.query.subscription,
          from: request.query.from,
          to: request.query.to,
        },
        options.now,
      ),
  );
};
