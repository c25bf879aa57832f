import type { BillingConfig, Invoice, Subscription, UsageRecord } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { listAddress, readAllPages } from '../paging/page.js';
import { queryKeys } from '../query-keys.js';
import { allPagesLimit } from './all-pages.js';
import { useCurrentUser } from './auth.js';

/**
 * The signed-in customer's own data (SPEC.md §7): fetched only once someone is signed in. These lists are paged
 * like every other, but the screens total them (Active Subscriptions, Total Spending, Usage This Month, Total
 * Invoices, analytics), so each read follows `next` to the last page; that is bounded by one customer's own
 * subscriptions, invoices and usage records, not by the platform's.
 */
export function subscriptionsQuery() {
  return queryOptions({
    queryKey: queryKeys.subscriptions,
    queryFn: () => readAllPages<Subscription>(listAddress('/api/subscriptions', { limit: allPagesLimit })),
  });
}

/** The current UTC month's usage records (billing's default range), every page. */
export function usageQuery() {
  return queryOptions({
    queryKey: queryKeys.usage,
    queryFn: () => readAllPages<UsageRecord>(listAddress('/api/usage', { limit: allPagesLimit })),
  });
}

/** Every invoice of the customer, newest first. */
export function invoicesQuery() {
  return queryOptions({
    queryKey: queryKeys.invoices,
    queryFn: () => readAllPages<Invoice>(listAddress('/api/invoices', { limit: allPagesLimit })),
  });
}

/** Which card provider the checkout loads (ARCHITECTURE.md "Payments and billing"); public. */
export function billingConfigQuery() {
  return queryOptions({
    queryKey: queryKeys.billingConfig,
    queryFn: () => readJson<BillingConfig>('/api/billing/config'),
  });
}

export function useSubscriptions() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...subscriptionsQuery(), enabled: isAuthenticated });
}

export function useUsage() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...usageQuery(), enabled: isAuthenticated });
}

export function useInvoices() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...invoicesQuery(), enabled: isAuthenticated });
}

export function useBillingConfig() {
  return useQuery(billingConfigQuery());
}
