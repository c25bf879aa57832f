import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxConfirmReplySchema, sandboxSetupConfirmBodySchema } from '@app/contracts';
import {
  commandMetadata,
  HttpProblem,
  problemType,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import type { SandboxSetupConfirmation } from '../application/card-on-file/sandbox-setup-confirmation.js';

export interface SandboxSetupRoutesOptions {
  confirmation: SandboxSetupConfirmation;
  replies: CommandReplies;
}

/**
 * POST /api/billing/sandbox/confirm-setup: the Sandbox's stand-in for Stripe.js confirming a SetupIntent, the card
 * change's twin of POST /api/billing/sandbox/confirm. Registered only when the Sandbox is the provider; the card's
 * number and CVC are never logged or stored (buildApp redacts `body.card`).
 */
export const sandboxSetupRoutes: FastifyPluginAsyncZod<SandboxSetupRoutesOptions> = async (app, options) => {
  const { confirmation, replies } = options;

  app.post(
    '/api/billing/sandbox/confirm-setup',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Save a new card with the Sandbox',
        description:
          'Stripe’s test cards as at checkout: 4242 4242 4242 4242 and 5555 5555 5555 4444 are saved, ' +
          '4000 0000 0000 0002 is declined, 4000 0025 0000 3155 and 4000 0027 6000 3184 pass 3-D Secure with the ' +
          'customer present (3184 then declines off-session). A decline is a 402 whose detail is the provider’s ' +
          'message, and the card on file stays; success makes the new card the one renewals charge.',
        tags: ['billing'],
        body: sandboxSetupConfirmBodySchema,
        response: { 200: sandboxConfirmReplySchema },
      },
    },
    async (request, reply) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      const settled = await confirmation.confirm(request.caller.userId, request.body, {
        metadata: commandMetadata(request),
      });
      await replyAfterCommand(reply, replies, { position: settled.position }, { fromState: () => null });
      if (settled.status === 'failed') {
        throw new HttpProblem(402, settled.message, { type: problemType(`card-error:${settled.code}`) });
      }
      return { status: 'succeeded' as const };
    },
  );
};
