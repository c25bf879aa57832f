/**
 * What the scale bench asks the API at every size (issue 18): each list's first page, a page deep in it, a search
 * and a filter; every summary. Admin lists as the demo admin, the customer's own lists as the measured customer,
 * the public catalogue as a visitor. The words and values come from the dataset, so each names a known share of
 * the rows at every size.
 */
import { usageDays } from './dataset.js';
import { filterValues, searchWords } from './vocabulary.js';

export type Caller = 'admin' | 'customer' | 'visitor';

export interface ApiProbe {
  name: string;
  caller: Caller;
  path: string;
  /** Follow `next` this many times (or to the last page) first, then time the page reached. */
  deep?: true;
}

export interface ProbeSubjects {
  /** The measured customer: owner of every 100th tenant. */
  customerId: string;
  /** Every tenant subscribes to it. */
  popularProductId: string;
  /** A tenant that exists at every size (the bench's first). */
  tenantId: string;
  now: Date;
}

/**
 * A request whose cost has nothing to do with the data: the gateway's liveness, which no service answers. On a
 * machine shared with other work its growth between sizes is the machine's drift, which the report divides every
 * other growth by, beside the raw figure the targets are held to. Not a service's read: a service busy with its
 * own data (billing's renewal runner reads every subscription each minute) would pass its stalls off as drift.
 */
export const baselineProbe: ApiProbe = {
  name: 'baseline: gateway liveness (no data)',
  caller: 'visitor',
  path: '/health/live',
};

export function apiProbes(subjects: ProbeSubjects): ApiProbe[] {
  const { customerId, popularProductId, tenantId } = subjects;
  const popular = `/api/admin/products/${popularProductId}/subscriptions`;
  const days = usageDays(subjects.now);
  const lastMonth = `from=${days[0] ?? ''}&to=${days.at(-1) ?? ''}`;
  const admin = (name: string, path: string, deep?: true): ApiProbe => ({
    name,
    caller: 'admin',
    path,
    deep,
  });
  const customer = (name: string, path: string, deep?: true): ApiProbe => ({
    name,
    caller: 'customer',
    path,
    deep,
  });
  const visitor = (name: string, path: string, deep?: true): ApiProbe => ({
    name,
    caller: 'visitor',
    path,
    deep,
  });
  return [
    baselineProbe,
    admin('tenants, first page', '/api/admin/tenants'),
    admin('tenants, deep page', '/api/admin/tenants', true),
    admin(`tenants, q=${searchWords.tenants}`, `/api/admin/tenants?q=${searchWords.tenants}`),
    admin(
      `tenants, status=${filterValues.tenantStatus}`,
      `/api/admin/tenants?status=${filterValues.tenantStatus}`,
    ),
    admin("tenants, the customer's", `/api/admin/tenants?ownerId=${customerId}`),
    admin('tenants summary', '/api/admin/tenants/summary'),
    admin("tenants summary, the customer's", `/api/admin/tenants/summary?ownerId=${customerId}`),
    admin("a tenant's subscriptions", `/api/admin/tenants/${tenantId}/subscriptions`),
    admin('popular product subscriptions, first page', popular),
    admin('popular product subscriptions, deep page', popular, true),
    admin('popular product subscriptions, live=true', `${popular}?live=true`),
    admin(
      `popular product subscriptions, status=${filterValues.subscriptionStatus}`,
      `${popular}?status=${filterValues.subscriptionStatus}`,
    ),
    admin('popular product subscription summary', `${popular}/summary`),
    admin('users, first page', '/api/admin/users'),
    admin('users, deep page', '/api/admin/users', true),
    admin(`users, q=${searchWords.users}`, `/api/admin/users?q=${searchWords.users}`),
    admin(`users, role=${filterValues.userRole}`, `/api/admin/users?role=${filterValues.userRole}`),
    admin('users summary', '/api/admin/users/summary'),
    admin('products, isActive=false (admin)', '/api/products?isActive=false'),
    admin('products summary', '/api/admin/products/summary'),
    customer('own subscriptions, first page', '/api/subscriptions'),
    customer('own subscriptions, deep page', '/api/subscriptions', true),
    customer(
      `own subscriptions, status=${filterValues.subscriptionStatus}`,
      `/api/subscriptions?status=${filterValues.subscriptionStatus}`,
    ),
    customer('own invoices, first page', '/api/invoices'),
    customer('own invoices, deep page', '/api/invoices', true),
    customer('own invoices, status=paid', '/api/invoices?status=paid'),
    customer('own usage, this month', '/api/usage'),
    customer(`own usage, last ${days.length} days`, `/api/usage?${lastMonth}`),
    visitor('catalogue, first page', '/api/products'),
    visitor('catalogue, deep page', '/api/products', true),
    visitor(`catalogue, q=${searchWords.products}`, `/api/products?q=${searchWords.products}`),
    visitor(
      `catalogue, category=${filterValues.productCategory}`,
      `/api/products?category=${filterValues.productCategory}`,
    ),
    visitor('catalogue categories', '/api/products/categories'),
  ];
}
