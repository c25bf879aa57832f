import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { productIdParamsSchema, productListSchema, productSchema } from '@app/contracts';
import { foundWithEtag } from '@app/service-kit';
import { productNotFound } from '../domain/product/decide.js';
import { findProduct, listProducts } from '../projections/products.js';

/** Public reads: visitors and customers see active products, admins every product (SPEC.md §7). */
export const productQueryRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/products',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'List products',
        description: 'Every product for admins; only active products for everyone else.',
        tags: ['catalog'],
        response: { 200: productListSchema },
      },
    },
    async (request) => listProducts(db, { includeInactive: request.caller?.role === 'admin' }),
  );

  app.get(
    '/api/products/:id',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'Get one product',
        description: 'The ETag is the product revision, for If-Match on a later update.',
        tags: ['catalog'],
        params: productIdParamsSchema,
        response: { 200: productSchema },
      },
    },
    async (request, reply) => {
      const includeInactive = request.caller?.role === 'admin';
      const found = await findProduct(db, request.params.id, { includeInactive });
      return foundWithEtag(reply, found, productNotFound).product;
    },
  );
};
