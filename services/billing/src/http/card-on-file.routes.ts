import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardSetupParamsSchema,
  cardSetupReplySchema,
  cardSetupStatusSchema,
  paymentMethodReplySchema,
} from '@app/contracts';
import {
  commandMetadata,
  HttpProblem,
  problemType,
  replyAfterCommand,
  type CommandReplies,
} from '@app/service-kit';
import type { CardSetups } from '../application/card-on-file/card-setups.js';
import { readCardOnFile } from '../application/card-on-file/read-card-on-file.js';
import type { RenewalPolicy } from '../domain/renewal/renewal-cycle.js';
import type { ProviderName } from '../payments/payment-provider.js';

export interface CardOnFileRoutesOptions {
  db: pg.Pool;
  provider: ProviderName;
  policy: RenewalPolicy;
  now: () => Date;
  cardSetups: CardSetups;
  replies: CommandReplies;
}

/**
 * The card on file (issue 19): the signed-in customer's saved card, and replacing it through the provider. Only
 * ever the caller's own: the routes take no user id, and a setup id of someone else's answers 404.
 */
export const cardOnFileRoutes: FastifyPluginAsyncZod<CardOnFileRoutesOptions> = async (app, options) => {
  const { db, provider, policy, now, cardSetups, replies } = options;

  app.get(
    '/api/billing/payment-method',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The signed-in customer's card on file",
        description:
          'The card renewals, retries and Pay now charge (brand, last four, expiry; null when none is saved), ' +
          'the earliest renewal to be charged among the subscriptions of tenants the caller owns, and whether ' +
          'the card expires before it (a card is good through the end of its expiry month).',
        tags: ['billing'],
        response: { 200: paymentMethodReplySchema },
      },
    },
    async (request) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      return readCardOnFile({ db, provider, policy, now: now() }, request.caller.userId);
    },
  );

  app.post(
    '/api/billing/payment-method/setups',
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: 'Start replacing the card on file',
        description:
          'Opens a setup at the provider (Stripe: a SetupIntent for off-session use) and answers its client ' +
          'secret, for the browser to confirm the new card with (Stripe’s Payment Element, or POST ' +
          '/api/billing/sandbox/confirm-setup). Nothing is charged.',
        tags: ['billing'],
        response: { 200: cardSetupReplySchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new Error('The signed-in policy let a request without a caller through');
      if (!caller.email) {
        // As for a checkout: the provider's customer is made with the account's email.
        throw new HttpProblem(422, 'Your account has no email address. Please sign in again.', {
          type: problemType('email-required'),
        });
      }
      const started = await cardSetups.start(
        { userId: caller.userId, email: caller.email },
        { metadata: commandMetadata(request) },
      );
      return replyAfterCommand(
        reply,
        replies,
        { position: started.position },
        { fromState: () => ({ setupId: started.setupId, clientSecret: started.clientSecret }) },
      );
    },
  );

  app.post(
    '/api/billing/payment-method/setups/:setupId/complete',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Finish replacing the card on file',
        description:
          'After the browser confirmed the new card with the provider: billing asks the provider and records ' +
          'its answer (the same single record as its webhook). `succeeded`: the new card is on file for every ' +
          'later renewal, retry and Pay now; `failed` with the issuer’s words, the old card stays; `pending` ' +
          'while the provider still waits for the customer. Another customer’s setup is a 404.',
        tags: ['billing'],
        params: cardSetupParamsSchema,
        response: { 200: cardSetupStatusSchema },
      },
    },
    async (request, reply) => {
      if (!request.caller) throw new Error('The signed-in policy let a request without a caller through');
      const result = await cardSetups.complete(request.caller.userId, request.params.setupId, {
        metadata: commandMetadata(request),
      });
      return replyAfterCommand(
        reply,
        replies,
        { position: result.position },
        { fromState: () => ({ status: result.status, message: result.message }) },
      );
    },
  );
};
