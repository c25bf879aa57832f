/**
 * Query keys start with the API path they read, so invalidating a prefix (`['/api/admin/tenants']`) refreshes
 * the list, every detail and every nested list under it.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'] as const,
  notificationPreferences: ['/api/auth/notification-preferences'] as const,
  products: ['/api/products'] as const,
  subscriptions: ['/api/subscriptions'] as const,
  usage: ['/api/usage'] as const,
  usageRange: (from: string, to: string) => ['/api/usage', { from, to }] as const,
  invoices: ['/api/invoices'] as const,
  billingConfig: ['/api/billing/config'] as const,
  paymentStatus: (paymentIntentId: string) => ['/api/billing/payments', paymentIntentId] as const,
  adminUsers: ['/api/admin/users'] as const,
  adminUser: (id: string) => ['/api/admin/users', id] as const,
  adminTenants: ['/api/admin/tenants'] as const,
  adminTenant: (id: string) => ['/api/admin/tenants', id] as const,
  adminTenantSubscriptions: (id: string) => ['/api/admin/tenants', id, 'subscriptions'] as const,
  adminProducts: ['/api/admin/products'] as const,
  adminProductSubscriptions: (id: string) => ['/api/admin/products', id, 'subscriptions'] as const,
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
