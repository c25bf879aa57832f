import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { productListQuerySchema, type Product } from '@app/contracts';
import { adminExportRoute, decodeCursor, replyWithListExport, type CsvColumns } from '@app/service-kit';
import { listProducts, productKeySchema } from '../projections/product-list.js';

export interface ProductExportRoutesOptions {
  db: pg.Pool;
  now: () => Date;
}

/** The list's own filters without its paging: the export is the whole filtered list. */
const productExportQuerySchema = productListQuerySchema.omit({ limit: true, cursor: true });

const productColumns: CsvColumns<Product> = {
  header: [
    'Id',
    'Name',
    'Slug',
    'Category',
    'Active',
    'Professional price (USD/month)',
    'Basic price (USD/month)',
    'Enterprise price (USD/month)',
    'Features',
    'Description',
    'Created',
  ],
  cells: (product) => [
    product.id,
    product.name,
    product.slug,
    product.category,
    product.isActive ? 'yes' : 'no',
    product.basePrice,
    product.basicPrice,
    product.enterprisePrice,
    product.features.join('; '),
    product.description,
    product.createdAt,
  ],
};

/** The Admin Portal's Products list as CSV (issue 21 item 4), with the list's filters, streamed page by page. */
export const productExportRoutes: FastifyPluginAsyncZod<ProductExportRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/products/export',
    adminExportRoute({
      summary: 'Export products as CSV, with the list’s filters',
      description:
        'Every product `GET /api/products` lists for an admin with the same `q`, `category`, `slug` and ' +
        '`isActive`, by name, streamed as it is read. Cells a spreadsheet would run as a formula are written as ' +
        'text.',
      tags: ['catalog'],
      querystring: productExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(
        reply,
        { name: 'products', now: options.now() },
        productColumns,
        ({ cursor, limit }) =>
          listProducts(options.db, request.query, { after: decodeCursor(cursor, productKeySchema), limit }),
      ),
  );
};
