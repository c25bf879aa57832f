import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revealCredentialParamsSchema, revealedCredentialSchema } from '@app/contracts';
import { commandMetadata } from '@app/service-kit';
import type { TenantCommands } from '../application/tenant-commands.js';

/**
 * The audited read of one provider password (the Service Providers card's eye toggle). Not idempotent on
 * purpose: a replayed answer would hand the password out again without a new audit fact.
 */
export const tenantCredentialRoutes: FastifyPluginAsyncZod<{ commands: TenantCommands }> = async (
  app,
  { commands },
) => {
  app.post(
    '/api/admin/tenants/:id/credentials/:group/reveal',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Reveal one provider password',
        description: 'Records who revealed it and when (CredentialRevealed) before answering; never cached.',
        tags: ['tenancy'],
        params: revealCredentialParamsSchema,
        response: { 200: revealedCredentialSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new Error('The admin policy let a request without a caller through');
      const { group, password, revealedAt } = await commands.revealCredential(
        request.params.id,
        request.params.group,
        caller.userId,
        { metadata: commandMetadata(request) },
      );
      reply.header('cache-control', 'no-store');
      return { group, password, revealedAt };
    },
  );
};
