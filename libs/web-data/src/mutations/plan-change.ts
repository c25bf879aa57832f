import type { PlanChangeBody, PlanChangeReply } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { showSubscriptionChange } from './cached-subscriptions.js';
import { invalidate } from './invalidate.js';
import { withOutcome, writeMutation, type WriteOutcome } from './write-mutation.js';

export interface PlanChangeVariables {
  subscriptionId: string;
  /** The plan, and the `quotedAt` of the preview the customer confirmed. */
  body: PlanChangeBody;
}

/**
 * Billing answers once its own views (the terms, the invoices) show the change, so those are read again: the
 * terms always (a scheduled change comes or goes), the invoices only when an upgrade charged one. The
 * subscription lists are tenancy's, which hears of an upgrade later: they show the reply's plan and price now.
 * A scheduled downgrade or its withdrawal leaves the subscription as it is until the renewal.
 */
function refreshAfterPlanChange(client: QueryClient, reply: PlanChangeReply) {
  return Promise.all([
    invalidate(
      client,
      queryKeys.subscriptionTerms,
      ...(reply.invoiceId === null ? [] : [queryKeys.invoices]),
    ),
    reply.outcome === 'changed' &&
      showSubscriptionChange(
        client,
        { subscriptionId: reply.subscriptionId, changes: { plan: reply.plan, amount: reply.amount } },
        [queryKeys.subscriptions, queryKeys.adminTenants, queryKeys.adminProducts],
      ),
  ]);
}

const paths = { customer: '/api/billing/subscriptions', admin: '/api/admin/billing/subscriptions' } as const;

/** POST …/subscriptions/{id}/plan: the customer's own (`customer`) or any tenant's (`admin`). */
export function changePlanMutation(scope: 'customer' | 'admin') {
  return writeMutation<PlanChangeReply, PlanChangeVariables>(
    'POST',
    `${paths[scope]}/{subscriptionId}/plan`,
    ({ subscriptionId, body }) => ({ path: `${paths[scope]}/${segment(subscriptionId)}/plan`, body }),
    refreshAfterPlanChange,
  );
}

/**
 * A declined upgrade charge is an ApiError (402) whose problem `detail` is the issuer's words; nothing changed.
 * `outcome` runs even when the control that asked is gone by then (write-mutation.ts withOutcome).
 */
export function useChangePlan(scope: 'customer' | 'admin', outcome: WriteOutcome<PlanChangeReply> = {}) {
  return useMutation(withOutcome(changePlanMutation(scope), outcome));
}
