import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProductBodySchema,
  patchProductBodySchema,
  productIdParamsSchema,
  productSchema,
  replaceProductBodySchema,
} from '@app/contracts';
import {
  commandMetadata,
  commandOptionsFrom,
  ifMatchHeadersSchema,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import {
  productView,
  type ProductCommandResult,
  type ProductCommands,
} from '../application/product-commands.js';

export interface AdminProductRoutesOptions {
  commands: ProductCommands;
  replies: CommandReplies;
}

const commandConfig = { policy: 'admin', idempotent: true } as const;

/** Admin commands on products (SPEC.md §7). Each answers with the product as it now is and its ETag. */
export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductRoutesOptions> = async (app, options) => {
  const { commands, replies } = options;
  const viewOf = (result: ProductCommandResult) => ({
    fromState: () => {
      if (result.state.status !== 'listed') throw new Error('A product command left no product to show');
      return productView(result.state);
    },
  });

  app.post(
    '/api/admin/products',
    {
      config: commandConfig,
      schema: {
        summary: 'Create a product',
        tags: ['catalog'],
        body: createProductBodySchema,
        response: { 201: productSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.create(request.body, { metadata: commandMetadata(request) });
      const product = await replyAfterCommand(reply, replies, result, viewOf(result));
      reply.header('location', `/api/products/${result.productId}`);
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/api/admin/products/:id',
    {
      config: commandConfig,
      schema: {
        summary: 'Replace a product',
        description:
          'Every detail is replaced; isActive is kept when left out. Send If-Match to fail on a stale copy.',
        tags: ['catalog'],
        params: productIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: replaceProductBodySchema,
        response: { 200: productSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.replace(request.params.id, request.body, commandOptionsFrom(request));
      return replyAfterCommand(reply, replies, result, viewOf(result));
    },
  );

  app.patch(
    '/api/admin/products/:id',
    {
      config: commandConfig,
      schema: {
        summary: 'Change some fields of a product',
        tags: ['catalog'],
        params: productIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: patchProductBodySchema,
        response: { 200: productSchema },
      },
    },
    async (request, reply) => {
      const result = await commands.patch(request.params.id, request.body, commandOptionsFrom(request));
      return replyAfterCommand(reply, replies, result, viewOf(result));
    },
  );

  app.delete(
    '/api/admin/products/:id',
    {
      config: commandConfig,
      schema: {
        summary: 'Delete a product',
        description: 'Removes it from every list and frees its slug.',
        tags: ['catalog'],
        params: productIdParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const result = await commands.remove(request.params.id, commandOptionsFrom(request));
      await replyAfterCommand(reply, replies, result, { fromState: () => null });
      return reply.code(204).send(null);
    },
  );
};
