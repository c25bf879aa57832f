import type { PlanChangePreview, SubscriptionPlan } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';

const paths = { customer: '/api/billing/subscriptions', admin: '/api/admin/billing/subscriptions' } as const;

/**
 * GET …/subscriptions/{id}/plan?plan=…: what changing to `plan` would do now. It is a quote that holds for a few
 * minutes (plan-change.ts `planChangeQuoteMinutes`), so it is never kept once nobody shows it: a dialog opened
 * again later asks again rather than showing an old amount.
 */
export function planChangePreviewQuery(
  scope: 'customer' | 'admin',
  subscriptionId: string,
  plan: SubscriptionPlan,
) {
  const path = `${paths[scope]}/${segment(subscriptionId)}/plan`;
  return queryOptions({
    queryKey: queryKeys.planChangePreview(path, plan),
    queryFn: () => readJson<PlanChangePreview>(`${path}?plan=${encodeURIComponent(plan)}`),
    gcTime: 0,
  });
}

/** The quote for the plan chosen; nothing is asked while none is. */
export function usePlanChangePreview(
  scope: 'customer' | 'admin',
  subscriptionId: string,
  plan: SubscriptionPlan | null,
) {
  return useQuery({
    ...planChangePreviewQuery(scope, subscriptionId, plan ?? 'professional'),
    enabled: plan !== null,
  });
}
