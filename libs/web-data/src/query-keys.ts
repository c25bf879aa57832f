import { meaningfulParams, type ListParams } from './paging/page.js';

/**
 * Query keys start with the API path they read, so invalidating a prefix (`['/api/admin/tenants']`) refreshes
 * the lists, every detail and every nested list under it. A paged list's key holds its filters after a `list`
 * marker, so each search or filter is cached on its own and `[path, 'list']` refreshes them all; a summary sits
 * at `[path, 'summary']` beside the lists, so a write can refresh one without the other.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'] as const,
  notificationPreferences: ['/api/auth/notification-preferences'] as const,

  products: ['/api/products'] as const,
  productLists: ['/api/products', 'list'] as const,
  productList: (filters: ListParams) => ['/api/products', 'list', meaningfulParams(filters)] as const,
  product: (id: string) => ['/api/products', id] as const,
  /** The checkout's product: `{ slug }` or `{ idOrSlug }`. */
  productLookup: (lookup: Record<string, string>) => ['/api/products', 'lookup', lookup] as const,
  productCategories: ['/api/products', 'categories'] as const,
  productSummary: ['/api/admin/products', 'summary'] as const,

  subscriptions: ['/api/subscriptions'] as const,
  usage: ['/api/usage'] as const,
  usageRange: (from: string, to: string) => ['/api/usage', { from, to }] as const,
  invoices: ['/api/invoices'] as const,
  invoice: (id: string) => ['/api/invoices', id] as const,
  billingConfig: ['/api/billing/config'] as const,
  paymentStatus: (paymentIntentId: string) => ['/api/billing/payments', paymentIntentId] as const,
  /** The customer's card on file (issue 19). */
  paymentMethod: ['/api/billing/payment-method'] as const,
  subscriptionTerms: ['/api/billing/subscriptions'] as const,
  /** The billing terms of these subscriptions, as the customer (own) or an admin (any) reads them. */
  subscriptionTermsOf: (scope: 'customer' | 'admin', ids: readonly string[]) =>
    ['/api/billing/subscriptions', scope, [...ids].sort()] as const,
  /**
   * What changing a subscription to `plan` would do now, at its own path: refreshing the terms after a change
   * must not ask for a quote the dialog no longer shows.
   */
  planChangePreview: (path: string, plan: string) => [path, plan] as const,

  adminUsers: ['/api/admin/users'] as const,
  adminUserLists: ['/api/admin/users', 'list'] as const,
  adminUserList: (filters: ListParams) => ['/api/admin/users', 'list', meaningfulParams(filters)] as const,
  adminUserSummary: ['/api/admin/users', 'summary'] as const,
  adminUser: (id: string) => ['/api/admin/users', id] as const,

  adminTenants: ['/api/admin/tenants'] as const,
  adminTenantList: (filters: ListParams) =>
    ['/api/admin/tenants', 'list', meaningfulParams(filters)] as const,
  adminTenantSummary: (ownerId?: string) => ['/api/admin/tenants', 'summary', ownerId ?? null] as const,
  adminTenant: (id: string) => ['/api/admin/tenants', id] as const,
  /** Every subscription of one tenant, all pages (tenant monitoring finds the monitored one among them). */
  adminTenantSubscriptions: (id: string) => ['/api/admin/tenants', id, 'subscriptions'] as const,
  adminTenantSubscriptionList: (id: string, filters: ListParams) =>
    ['/api/admin/tenants', id, 'subscriptions', 'list', meaningfulParams(filters)] as const,

  adminProducts: ['/api/admin/products'] as const,
  adminProductSubscriptions: (id: string) => ['/api/admin/products', id, 'subscriptions'] as const,
  adminProductSubscriptionList: (id: string, filters: ListParams) =>
    ['/api/admin/products', id, 'subscriptions', 'list', meaningfulParams(filters)] as const,
  adminProductSubscriptionSummary: (id: string) =>
    ['/api/admin/products', id, 'subscriptions', 'summary'] as const,

  adminHealth: ['/api/admin/health'] as const,
  tenantMetrics: (tenantId: string, subscriptionId?: string) =>
    ['/api/tenant-metrics', tenantId, subscriptionId ?? null] as const,
  tenantMetricsHistory: (tenantId: string, subscriptionId?: string) =>
    ['/api/tenant-metrics', tenantId, 'history', subscriptionId ?? null] as const,
};

/** Path segments are ids from the API or the URL bar; encode them so a stray `/` or `?` cannot change the path. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
