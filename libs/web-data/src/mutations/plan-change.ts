import type { PlanChangeAuthentication, PlanChangeBody, PlanChangeReply } from '@app/contracts';
import { useMutation, type QueryClient, type UseMutationResult } from '@app/query';
import { ApiError } from '../api-error.js';
import { sendJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';
import { showSubscriptionChange } from './cached-subscriptions.js';
import { invalidate } from './invalidate.js';
import { withOutcome, writeMutation, type WriteOutcome, type WriteRequest } from './write-mutation.js';

/**
 * What POST …/plan and …/plan/complete answer: the change (200), or a 202 when the card's bank asks the customer
 * for 3-D Secure, whose `clientSecret` the page hands to Stripe.js before asking …/plan/complete.
 */
export type PlanChangeAnswer = PlanChangeReply | PlanChangeAuthentication;

export interface PlanChangeVariables {
  subscriptionId: string;
  /** The plan, and the `quotedAt` of the preview the customer confirmed. */
  body: PlanChangeBody;
}

/**
 * Billing answers once its own views (the terms, the invoices) show the change, so those are read again: the
 * terms always (a scheduled change comes or goes), the invoices only when an upgrade charged one. The
 * subscription lists are tenancy's, which hears of an upgrade later: they show the reply's plan and price now.
 * A scheduled downgrade or its withdrawal leaves the subscription as it is until the renewal, and an upgrade
 * waiting for the bank's step has changed nothing yet.
 */
function refreshAfterPlanChange(client: QueryClient, answer: PlanChangeAnswer) {
  if (answer.outcome === 'requires-action') return;
  return Promise.all([
    invalidate(
      client,
      queryKeys.subscriptionTerms,
      ...(answer.invoiceId === null ? [] : [queryKeys.invoices]),
    ),
    answer.outcome === 'changed' &&
      showSubscriptionChange(
        client,
        { subscriptionId: answer.subscriptionId, changes: { plan: answer.plan, amount: answer.amount } },
        [queryKeys.subscriptions, queryKeys.adminTenants, queryKeys.adminProducts],
      ),
  ]);
}

/**
 * A 202's client secret goes to Stripe.js, so it is checked against its contract first. An admin's upgrade is
 * made without the customer, who is not there for the bank's step: billing declines it rather than answering
 * 202, so one would be a broken contract. The schema, and zod with it, load only for such an answer: the screens
 * that offer a plan change show nothing of it before, and their first load stays without zod (issue 22).
 */
async function parseAnswer(scope: 'customer' | 'admin', answer: PlanChangeAnswer): Promise<PlanChangeAnswer> {
  if (answer.outcome !== 'requires-action') return answer;
  if (scope === 'admin') throw new Error('Billing asked for a 3-D Secure step on an admin’s plan change');
  const { planChangeAuthenticationSchema } = await import('./plan-change-authentication.js');
  return planChangeAuthenticationSchema.parse(answer);
}

/** A POST answering a `PlanChangeAnswer`, refreshed as above. */
function planChangeWrite<TVariables>(
  scope: 'customer' | 'admin',
  route: string,
  request: (variables: TVariables) => WriteRequest,
) {
  return {
    ...writeMutation<PlanChangeAnswer, TVariables>('POST', route, request, refreshAfterPlanChange),
    mutationFn: async (variables: TVariables) => {
      const { path, body } = request(variables);
      return parseAnswer(scope, await sendJson<PlanChangeAnswer>('POST', path, body));
    },
  };
}

const paths = { customer: '/api/billing/subscriptions', admin: '/api/admin/billing/subscriptions' } as const;

/** POST …/subscriptions/{id}/plan: the customer's own (`customer`) or any tenant's (`admin`). */
export function changePlanMutation(scope: 'customer' | 'admin') {
  return planChangeWrite<PlanChangeVariables>(
    scope,
    `${paths[scope]}/{subscriptionId}/plan`,
    ({ subscriptionId, body }) => ({ path: `${paths[scope]}/${segment(subscriptionId)}/plan`, body }),
  );
}

/** POST …/subscriptions/{id}/plan/complete (the customer's own): after Stripe.js ran the bank's step. */
export function completePlanChangeMutation() {
  return planChangeWrite<string>(
    'customer',
    `${paths.customer}/{subscriptionId}/plan/complete`,
    (subscriptionId) => ({
      path: `${paths.customer}/${segment(subscriptionId)}/plan/complete`,
    }),
  );
}

/** A 409 from …/plan/complete: the bank has not answered Stripe yet. */
export function isAwaitingBank(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The bank usually answers within seconds of its step: …/plan/complete is asked again a few times meanwhile. */
export const awaitingBankRetries = 4;
export const awaitingBankRetryMs = 1_500;

/**
 * A declined upgrade charge is an ApiError (402) whose problem `detail` is the issuer's words; nothing changed.
 * `outcome` runs even when the control that asked is gone by then (write-mutation.ts withOutcome). An admin's
 * upgrade is made without the customer, who is not there for the bank's step: billing declines rather than
 * answering 202, so the admin's answer is the change.
 */
export function useChangePlan(
  scope: 'customer',
  outcome?: WriteOutcome<PlanChangeAnswer>,
): UseMutationResult<PlanChangeAnswer, Error, PlanChangeVariables>;
export function useChangePlan(
  scope: 'admin',
  outcome?: WriteOutcome<PlanChangeReply>,
): UseMutationResult<PlanChangeReply, Error, PlanChangeVariables>;
export function useChangePlan(scope: 'customer' | 'admin', outcome: WriteOutcome<never> = {}) {
  // The admin's mutation never resolves with a 202 (parseAnswer), so its outcome sees changes only.
  return useMutation(withOutcome(changePlanMutation(scope), outcome as WriteOutcome<PlanChangeAnswer>));
}

/**
 * Answers as `useChangePlan` does. Writes are not retried (SPEC.md §7) except this one's 409, which only says
 * "not yet": the route is idempotent, and the charge is recorded once.
 */
export function useCompletePlanChange(outcome: WriteOutcome<PlanChangeAnswer> = {}) {
  return useMutation({
    ...withOutcome(completePlanChangeMutation(), outcome),
    retry: (failures: number, error: Error) => isAwaitingBank(error) && failures < awaitingBankRetries,
    retryDelay: awaitingBankRetryMs,
  });
}
