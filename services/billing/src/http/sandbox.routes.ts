import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxConfirmBodySchema, sandboxConfirmReplySchema } from '@app/contracts';
import {
  commandMetadata,
  HttpProblem,
  problemType,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import type { SandboxConfirmation } from '../application/sandbox-confirmation.js';

export interface SandboxRoutesOptions {
  confirmation: SandboxConfirmation;
  replies: CommandReplies;
}

/**
 * POST /api/billing/sandbox/confirm: the Sandbox's stand-in for Stripe.js confirming a card payment. Registered
 * only when the Sandbox is the provider. The card is checked for shape here and judged by the Sandbox; its number
 * and CVC are never logged or stored (service-kit logs no bodies, and buildApp redacts the fields anyway).
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, options) => {
  const { confirmation, replies } = options;

  app.post(
    '/api/billing/sandbox/confirm',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Confirm a Sandbox payment with a card',
        description:
          'Behaves like Stripe’s test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, ' +
          '4000 0000 0000 9995 has insufficient funds; expired or invalid cards are refused in Stripe’s words. ' +
          'A decline is a 402 whose detail is the provider’s message; the payment can then be retried with ' +
          'another card. Success records the payment and its paid invoice.',
        tags: ['billing'],
        body: sandboxConfirmBodySchema,
        response: { 200: sandboxConfirmReplySchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller)
        throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
      const settled = await confirmation.confirm(caller.userId, request.body, {
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
