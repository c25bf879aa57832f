import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  subscriptionListQuerySchema,
  tenantIdParamsSchema,
  tenantListQuerySchema,
  type Subscription,
  type Tenant,
} from '@app/contracts';
import { adminExportRoute, replyWithListExport, type CsvColumns } from '@app/service-kit';
import { listProductSubscriptions, listTenantSubscriptions } from '../projections/subscription-lists.js';
import { listTenants } from '../projections/tenant-queries.js';

export interface AdminExportRoutesOptions {
  db: pg.Pool;
  now: () => Date;
}

/** Each list's own filters without its paging: an export is the whole filtered list. */
const tenantExportQuerySchema = tenantListQuerySchema.omit({ limit: true, cursor: true });
const subscriptionExportQuerySchema = subscriptionListQuerySchema.omit({ limit: true, cursor: true });
const productIdParamsSchema = z.strictObject({ id: idSchema });

/** No provider credential, not even whether one is set: a spreadsheet is no place for the secrets' trail. */
const tenantColumns: CsvColumns<Tenant> = {
  header: [
    'Id',
    'Name',
    'Slug',
    'Status',
    'Owner',
    'Owner email',
    'Domain URL',
    'Subscriptions',
    'Active subscriptions',
    'Total spent (USD)',
    'Created',
  ],
  cells: (tenant) => [
    tenant.id,
    tenant.name,
    tenant.slug,
    tenant.status,
    tenant.owner?.name ?? null,
    tenant.owner?.email ?? null,
    tenant.domainUrl,
    tenant.subscriptionCount,
    tenant.activeSubscriptions,
    tenant.totalSpent,
    tenant.createdAt,
  ],
};

const subscriptionColumns: CsvColumns<Subscription> = {
  header: [
    'Id',
    'Tenant',
    'Tenant id',
    'Product',
    'Product id',
    'Plan',
    'Status',
    'Amount (USD/month)',
    'Cancels at period end',
    'Domain URL',
    'Created',
  ],
  cells: (subscription) => [
    subscription.id,
    subscription.tenant.name,
    subscription.tenantId,
    subscription.productName,
    subscription.productId,
    subscription.plan,
    subscription.status,
    subscription.amount,
    subscription.cancelAtPeriodEnd ? 'yes' : 'no',
    subscription.domainUrl,
    subscription.createdAt,
  ],
};

const tags = ['tenancy'];
const streamed =
  'newest first, streamed as it is read; cells a spreadsheet would run as a formula are written as text.';

/**
 * The admin lists of tenancy as CSV (issue 21 item 4): tenants, a tenant's and a product's subscriptions, each with
 * its list's filters, read a page at a time as the download takes them.
 */
export const adminExportRoutes: FastifyPluginAsyncZod<AdminExportRoutesOptions> = async (app, options) => {
  const { db, now } = options;

  app.get(
    '/api/admin/tenants/export',
    adminExportRoute({
      summary: 'Export tenants as CSV, with the list’s filters',
      description: `Every tenant \`GET /api/admin/tenants\` lists with the same \`q\`, \`status\` and \`ownerId\`, ${streamed}`,
      tags,
      querystring: tenantExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(reply, { name: 'tenants', now: now() }, tenantColumns, (page) =>
        listTenants(db, { ...request.query, ...page }),
      ),
  );

  app.get(
    '/api/admin/tenants/:id/subscriptions/export',
    adminExportRoute({
      summary: "Export a tenant's subscriptions as CSV, with the list's filters",
      description: `Every subscription \`GET /api/admin/tenants/{id}/subscriptions\` lists with the same \`status\`, \`plan\` and \`live\`, ${streamed}`,
      tags,
      params: tenantIdParamsSchema,
      querystring: subscriptionExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(reply, { name: 'tenant-subscriptions', now: now() }, subscriptionColumns, (page) =>
        listTenantSubscriptions(db, request.params.id, { ...request.query, ...page }),
      ),
  );

  app.get(
    '/api/admin/products/:id/subscriptions/export',
    adminExportRoute({
      summary: "Export a product's subscriptions as CSV, with the list's filters",
      description: `Every subscription \`GET /api/admin/products/{id}/subscriptions\` lists with the same \`status\`, \`plan\` and \`live\`, ${streamed}`,
      tags,
      params: productIdParamsSchema,
      querystring: subscriptionExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(reply, { name: 'product-subscriptions', now: now() }, subscriptionColumns, (page) =>
        listProductSubscriptions(db, request.params.id, { ...request.query, ...page }),
      ),
  );
};
