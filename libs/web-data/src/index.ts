export * from './api-error.js';
export {
  request,
  readJson,
  readOk,
  sendJson,
  type HttpMethod,
  type ReadOptions,
  type ErrorMessage,
} from './http.js';
export * from './query-client.js';
export { queryKeys } from './query-keys.js';
export * from './paging/page.js';
export * from './paging/paged-query.js';
export { allPagesLimit } from './queries/all-pages.js';
export * from './queries/auth.js';
export * from './queries/notification-preferences.js';
export * from './queries/catalog.js';
export * from './queries/customer.js';
export * from './queries/payment-status.js';
export * from './queries/invoice-document.js';
export * from './queries/usage-range.js';
export * from './queries/admin.js';
export * from './queries/admin-users.js';
export * from './queries/admin-tenants.js';
export * from './queries/admin-products.js';
export * from './queries/monitoring.js';
export * from './queries/audit.js';
export * from './queries/admin-exports.js';
export * from './queries/subscription-terms.js';
export * from './queries/plan-change.js';
export * from './mutations/admin-users.js';
export * from './mutations/admin-products.js';
export * from './mutations/admin-tenants.js';
export * from './mutations/account.js';
export * from './mutations/checkout.js';
export * from './mutations/subscription-cancellation.js';
export * from './mutations/plan-change.js';
export * from './mutations/invoice-payment.js';
export * from './queries/card-on-file.js';
export * from './screen-reads.js';
export * from './mutations/card-on-file.js';
export * from './queries/webhooks.js';
export * from './mutations/webhooks.js';
export * from './queries/admin-revenue.js';
export * from './mutations/view-as.js';
export * from './queries/admin-invoices.js';
