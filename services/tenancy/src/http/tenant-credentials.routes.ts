import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revealCredentialParamsSchema, revealedCredentialSchema } from '@app/contracts';
import { commandMetadata, replyAfterCommand, type CommandReplies } from '@app/service-kit';
import type { TenantCommands } from '../application/tenant-commands.js';

export interface TenantCredentialRoutesOptions {
  commands: TenantCommands;
  replies: CommandReplies;
}

/**
 * The audited read of one provider password (the Service Providers card's eye toggle). Not idempotent on
 * purpose: a replayed answer would hand the password out again without a new audit fact.
 */
export const tenantCredentialRoutes: FastifyPluginAsyncZod<TenantCredentialRoutesOptions> = async (
  app,
  { commands, replies },
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
      const { group, password, revealedAt, result } = await commands.revealCredential(
        request.params.id,
        request.params.group,
        caller.userId,
        { metadata: commandMetadata(request) },
      );
      // The reveal is a new revision of the tenant: its ETag, and the details screen refetched after it, show it.
      reply.header('cache-control', 'no-store');
      return replyAfterCommand(reply, replies, result, {
        fromState: () => ({ group, password, revealedAt }),
      });
    },
  );
};
