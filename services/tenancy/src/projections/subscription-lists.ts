import type pg from 'pg';
import type { z } from 'zod';
import type { Subscription, subscriptionListQuerySchema } from '@app/contracts';
import type { Page } from '@app/service-kit';
import { newestFirst, newestFirstPage, whereAll } from './newest-first.js';
import { selectSubscriptions, toSubscription, type SubscriptionRow } from './subscription-queries.js';

export type SubscriptionPageQuery = z.output<typeof subscriptionListQuerySchema>;

/** A tenant's subscriptions, newest first (Tenant details). */
export function listTenantSubscriptions(db: pg.Pool, tenantId: string, query: SubscriptionPageQuery) {
  return listSubscriptions(db, (tenant) => `s.tenant_id = ${tenant}`, tenantId, query);
}

/** A product's subscriptions, newest first (Product details; `live=true` for its Active Subscriptions). */
export function listProductSubscriptions(db: pg.Pool, productId: string, query: SubscriptionPageQuery) {
  return listSubscriptions(db, (product) => `s.product_id = ${product}`, productId, query);
}

/**
 * The signed-in customer's own: subscriptions of the tenants they own, and nothing else, by the owner copied
 * onto each subscription (migrations/110_subscription_owners.sql).
 */
export function listOwnedSubscriptions(db: pg.Pool, ownerId: string, query: SubscriptionPageQuery) {
  return listSubscriptions(db, (owner) => `s.owner_id = ${owner}`, ownerId, query);
}

/**
 * One page of the subscriptions `scope` selects, newest first, filtered. Each filter of a product's list has an
 * index in this order (migrations/106_subscription_list_indexes.sql); `live` is written as the partial indexes'
 * own predicate so the planner can use them. A tenant's and an owner's lists walk their own rows in order.
 */
async function listSubscriptions(
  db: pg.Pool,
  scope: (placeholder: string) => string,
  scopeId: string,
  query: SubscriptionPageQuery,
): Promise<Page<Subscription>> {
  // A cancelled one is never live; a status other than cancelled already says live.
  if (query.live === true && query.status === 'cancelled') return { rows: [], next: undefined };
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = [
    scope(param(scopeId)),
    query.status === undefined ? null : `s.status = ${param(query.status)}`,
    query.plan === undefined ? null : `s.plan = ${param(query.plan)}`,
    query.live === true && query.status === undefined ? `s.status <> 'cancelled'` : null,
  ];
  const { after, orderBy } = newestFirst('s', query.cursor, params);
  const { rows } = await db.query<SubscriptionRow>(
    `${selectSubscriptions} ${whereAll([...conditions, after])} ${orderBy} LIMIT ${param(query.limit + 1)}`,
    params,
  );
  const page = newestFirstPage(rows, query.limit);
  return { rows: page.rows.map(toSubscription), next: page.next };
}
