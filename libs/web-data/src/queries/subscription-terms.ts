import type { SubscriptionTerm } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';

const paths = { customer: '/api/billing/subscriptions', admin: '/api/admin/billing/subscriptions' } as const;

/**
 * The billing terms (period end, renewal, end of a cancelled term) of the subscriptions a screen shows: the
 * customer's own, or any tenant's for an admin. Billing hears of a change after tenancy, so a screen takes whether
 * a cancellation is pending from the subscription itself and only the dates from here.
 */
export function subscriptionTermsQuery(scope: 'customer' | 'admin', ids: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.subscriptionTermsOf(scope, ids),
    queryFn: () =>
      readJson<SubscriptionTerm[]>(`${paths[scope]}?ids=${ids.map(encodeURIComponent).join(',')}`),
  });
}

/** By subscription id; not asked for while there is nothing to ask about. */
export function useSubscriptionTerms(scope: 'customer' | 'admin', ids: readonly string[]) {
  return useQuery({
    ...subscriptionTermsQuery(scope, ids),
    enabled: ids.length > 0,
    select: (terms) => new Map(terms.map((term) => [term.subscriptionId, term])),
  });
}
