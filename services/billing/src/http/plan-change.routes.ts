import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dollarsFromCents,
  planChangeAuthenticationSchema,
  planChangeBodySchema,
  planChangeParamsSchema,
  planChangePreviewSchema,
  planChangeQuerySchema,
  planChangeReplySchema,
  type PlanChangeAuthentication,
  type PlanChangePreview,
  type PlanChangeReply,
} from '@app/contracts';
import { HttpProblem, problemType, type Caller } from '@app/service-kit';
import type { PlanChangeResult, PlanChanges } from '../application/plan-changes/plan-changes.js';

type Preview = Awaited<ReturnType<PlanChanges['preview']>>;

function previewReply({ subscriptionId, decision, chargeNowCents, quotedAt }: Preview): PlanChangePreview {
  return {
    subscriptionId,
    kind: decision.kind,
    fromPlan: decision.fromPlan,
    plan: decision.plan,
    currentAmount: dollarsFromCents(decision.previousAmountCents),
    amount: dollarsFromCents(decision.amountCents),
    chargeNow: dollarsFromCents(chargeNowCents),
    effectiveAt: decision.effectiveAt,
    periodEnd: decision.periodEnd,
    quotedAt,
  };
}

export const awaitingBank =
  'Your bank has not confirmed the payment yet; finish its check, or try again in a moment';

function changeReply(
  reply: FastifyReply,
  subscriptionId: string,
  result: PlanChangeResult,
): PlanChangeReply | PlanChangeAuthentication {
  if (result.outcome === 'declined') {
    throw new HttpProblem(402, result.message, { type: problemType('payment-declined') });
  }
  if (result.outcome === 'pending') throw new HttpProblem(409, awaitingBank);
  if (result.outcome === 'requires-action') {
    void reply.code(202);
    return { subscriptionId, outcome: 'requires-action', clientSecret: result.clientSecret };
  }
  return {
    subscriptionId,
    outcome: result.outcome,
    plan: result.plan,
    amount: dollarsFromCents(result.amountCents),
    charged: dollarsFromCents(result.chargedCents),
    invoiceId: result.invoiceId,
    effectiveAt: result.effectiveAt,
  };
}

const callerOf = (caller: Caller | null): Caller => {
  if (!caller) throw new Error('The route policy let a request without a caller through');
  return caller;
};

const previewDescription =
  'What changing to `plan` would do now: an upgrade at once with the prorated difference for the rest of the ' +
  'period charged to the card on file (`chargeNow`), a downgrade at the next renewal, or back to the current ' +
  'plan while a downgrade is scheduled. Refusals: 400 for a plan the product does not offer, 409 for a ' +
  'subscription that is cancelled, suspended, set to cancel, already on that plan or mid-change.';

const changeDescription =
  "Makes the change the preview describes. Send the preview's `quotedAt` to be charged exactly the amount " +
  'shown (within 15 minutes of it). An upgrade charges the card on file once, however often it is asked; a ' +
  "decline is a 402 `urn:problem:payment-declined` with the card issuer's words, and nothing changes. When the " +
  "card's bank asks the customer for 3-D Secure, a 202 carries the `clientSecret` for Stripe.js's " +
  '`handleNextAction`; then POST …/plan/complete. An admin acts for a customer who is not present: a card ' +
  'that needs the step declines.';

/** GET/POST …/subscriptions/:id/plan: a customer's own subscription, and an admin's for any tenant. */
export const planChangeRoutes: FastifyPluginAsyncZod<{ planChanges: PlanChanges }> = async (
  app,
  { planChanges },
) => {
  for (const audience of ['customer', 'admin'] as const) {
    const path =
      audience === 'admin'
        ? '/api/admin/billing/subscriptions/:id/plan'
        : '/api/billing/subscriptions/:id/plan';
    const policy = audience === 'admin' ? 'admin' : 'signed-in';
    const whose =
      audience === 'admin' ? "any tenant's subscription" : "the signed-in customer's own subscription";
    const ownerOf = (caller: Caller) => (audience === 'admin' ? null : caller.userId);

    app.get(
      path,
      {
        config: { policy },
        schema: {
          summary: `Preview a plan change of ${whose}`,
          description: previewDescription,
          tags: ['billing'],
          params: planChangeParamsSchema,
          querystring: planChangeQuerySchema,
          response: { 200: planChangePreviewSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request.caller);
        const preview = await planChanges.preview(request.params.id, request.query.plan, ownerOf(caller));
        return previewReply(preview);
      },
    );

    app.post(
      path,
      {
        config: { policy, idempotent: true },
        schema: {
          summary: `Change the plan of ${whose}`,
          description: changeDescription,
          tags: ['billing'],
          params: planChangeParamsSchema,
          body: planChangeBodySchema,
          response: { 200: planChangeReplySchema, 202: planChangeAuthenticationSchema },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request.caller);
        const { id } = request.params;
        const result = await planChanges.change(id, request.body, {
          actorId: caller.userId,
          ownerId: ownerOf(caller),
        });
        return changeReply(reply, id, result);
      },
    );
  }

  app.post(
    '/api/billing/subscriptions/:id/plan/complete',
    {
      config: { policy: 'signed-in', idempotent: true },
      schema: {
        summary: "Finish an upgrade after the bank's 3-D Secure step",
        description:
          'After Stripe.js completed the step a 202 asked for: the upgrade charge as the provider has it now, ' +
          'recorded once. Answers as the change does (200 changed, 402 declined), 409 while the bank has not ' +
          'answered; with nothing in flight, the plan as it stands.',
        tags: ['billing'],
        params: planChangeParamsSchema,
        response: { 200: planChangeReplySchema, 202: planChangeAuthenticationSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.caller);
      const { id } = request.params;
      const result = await planChanges.completeUpgrade(id, {
        actorId: caller.userId,
        ownerId: caller.userId,
      });
      return changeReply(reply, id, result);
    },
  );
};
