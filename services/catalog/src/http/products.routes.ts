import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  productCategoriesSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
} from '@app/contracts';
import { decodeCursor, foundWithEtag, replyWithPage } from '@app/service-kit';
import { productNotFound } from '../domain/product/decide.js';
import { productCategories } from '../projections/product-counts.js';
import { listProducts, productKeySchema } from '../projections/product-list.js';
import { findProduct } from '../projections/product-queries.js';

/** Public reads: visitors and customers see active products, admins every product (SPEC.md §7). */
export const productQueryRoutes: FastifyPluginAsyncZod<{ db: pg.Pool }> = async (app, { db }) => {
  app.get(
    '/api/products',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'List products, by name',
        description:
          'A page of the products, ordered by name. Admins get every product, or those `isActive` asks for; ' +
          'everyone else only active products, whatever `isActive` says.',
        tags: ['catalog'],
        querystring: productListQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor, isActive, ...filters } = request.query;
      const isAdmin = request.caller?.role === 'admin';
      const page = await listProducts(
        db,
        { ...filters, isActive: isAdmin ? isActive : true },
        { after: decodeCursor(cursor, productKeySchema), limit },
      );
      return replyWithPage(request, reply, page.rows, page.next);
    },
  );

  app.get(
    '/api/products/categories',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'List product categories',
        description:
          "The distinct categories of the products the caller may see (the catalogue's category filter), sorted.",
        tags: ['catalog'],
        response: { 200: productCategoriesSchema },
      },
    },
    async (request) => productCategories(db, { includeInactive: request.caller?.role === 'admin' }),
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
