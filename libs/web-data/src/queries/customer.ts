import type { BillingConfig, Invoice, Subscription, UsageRecord } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

/** The signed-in customer's own data (SPEC.md §7): fetched only once someone is signed in. */
export function subscriptionsQuery() {
  return queryOptions({
    queryKey: queryKeys.subscriptions,
    queryFn: () => readJson<Subscription[]>('/api/subscriptions'),
  });
}

export function usageQuery() {
  return queryOptions({
    queryKey: queryKeys.usage,
    queryFn: () => readJson<UsageRecord[]>('/api/usage'),
  });
}

export function invoicesQuery() {
  return queryOptions({
    queryKey: queryKeys.invoices,
    queryFn: () => readJson<Invoice[]>('/api/invoices'),
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
