import type { AdminCancelSubscriptionBody, Subscription } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { queryKeys, segment } from '../query-keys.js';
import { invalidate } from './invalidate.js';
import { withOutcome, writeMutation, type WriteOutcome } from './write-mutation.js';

/**
 * Cancelling or resuming changes the subscription (tenancy's lists, the customer's and the admin's) and its
 * billing term; the product pages' lists show no cancellation, so they stay.
 */
const refreshSubscription = (client: QueryClient) =>
  invalidate(client, queryKeys.subscriptions, queryKeys.adminTenants, queryKeys.subscriptionTerms);

/** The customer's "Cancel subscription": it ends when its paid period does. */
export function cancelSubscriptionMutation() {
  return writeMutation<Subscription, string>(
    'POST',
    '/api/subscriptions/{subscriptionId}/cancel',
    (subscriptionId) => ({ path: `/api/subscriptions/${segment(subscriptionId)}/cancel` }),
    refreshSubscription,
  );
}

/** The customer's "Resume" of a pending cancellation. */
export function resumeSubscriptionMutation() {
  return writeMutation<Subscription, string>(
    'POST',
    '/api/subscriptions/{subscriptionId}/resume',
    (subscriptionId) => ({ path: `/api/subscriptions/${segment(subscriptionId)}/resume` }),
    refreshSubscription,
  );
}

export interface AdminCancelSubscriptionVariables {
  subscriptionId: string;
  body: AdminCancelSubscriptionBody;
}

/** An admin's cancellation of any tenant's subscription: now with a reason, or at period end. */
export function adminCancelSubscriptionMutation() {
  return writeMutation<Subscription, AdminCancelSubscriptionVariables>(
    'POST',
    '/api/admin/subscriptions/{subscriptionId}/cancel',
    ({ subscriptionId, body }) => ({
      path: `/api/admin/subscriptions/${segment(subscriptionId)}/cancel`,
      body,
    }),
    refreshSubscription,
  );
}

export function adminResumeSubscriptionMutation() {
  return writeMutation<Subscription, string>(
    'POST',
    '/api/admin/subscriptions/{subscriptionId}/resume',
    (subscriptionId) => ({ path: `/api/admin/subscriptions/${segment(subscriptionId)}/resume` }),
    refreshSubscription,
  );
}

/** `outcome` runs even when the button that asked is gone by then (write-mutation.ts withOutcome). */
export function useCancelSubscription(outcome: WriteOutcome<Subscription> = {}) {
  return useMutation(withOutcome(cancelSubscriptionMutation(), outcome));
}

export function useResumeSubscription(outcome: WriteOutcome<Subscription> = {}) {
  return useMutation(withOutcome(resumeSubscriptionMutation(), outcome));
}

export function useAdminCancelSubscription(outcome: WriteOutcome<Subscription> = {}) {
  return useMutation(withOutcome(adminCancelSubscriptionMutation(), outcome));
}

export function useAdminResumeSubscription(outcome: WriteOutcome<Subscription> = {}) {
  return useMutation(withOutcome(adminResumeSubscriptionMutation(), outcome));
}
