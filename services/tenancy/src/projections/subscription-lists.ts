import type pg from 'pg';
import type { z } from 'zod';
import {
  subscriptionPlans,
  subscriptionStatuses,
  type Subscription,
  type subscriptionListQuerySchema,
} from '@app/contracts';
import type { Page } from '@app/service-kit';
import { newestFirst, newestFirstPage, whereAll } from './newest-first.js';
import { selectSubscriptionsFrom, toSubscription, type SubscriptionRow } from './subscription-queries.js';

export type SubscriptionPageQuery = z.output<typeof subscriptionListQuerySchema>;

/** A tenant's subscriptions, newest first (Tenant details): its own few rows, filtered as they are walked. */
export function listTenantSubscriptions(db: pg.Pool, tenantId: string, query: SubscriptionPageQuery) {
  return listInRange(db, 's.tenant_id', tenantId, query);
}

/**
 * The signed-in customer's own: subscriptions of the tenants they own, and nothing else, by the owner copied
 * onto each subscription (migrations/110_subscription_owners.sql), filtered as they are walked.
 */
export function listOwnedSubscriptions(db: pg.Pool, ownerId: string, query: SubscriptionPageQuery) {
  return listInRange(db, 's.owner_id', ownerId, query);
}

/**
 * A product's subscriptions, newest first (Product details; `live=true` for its Active Subscriptions). A product
 * may have any number, in any mix of statuses and plans, so every filter reads the one index on (product, status,
 * plan, newest first) (migrations/112_product_subscription_index.sql): one page of each (status, plan) pair the
 * filters allow, at most twelve short index ranges, merged. One index where a separate one per filter made every
 * write (a rebuild's above all) update six.
 */
export async function listProductSubscriptions(
  db: pg.Pool,
  productId: string,
  query: SubscriptionPageQuery,
): Promise<Page<Subscription>> {
  const statuses = subscriptionStatuses.filter(
    (status) =>
      (query.status === undefined || status === query.status) &&
      !(query.live === true && status === 'cancelled'),
  );
  const plans = subscriptionPlans.filter((plan) => query.plan === undefined || plan === query.plan);
  const params: unknown[] = [productId, statuses, plans];
  const { after, orderBy } = newestFirst('s', query.cursor, params);
  const limit = `$${params.push(query.limit + 1)}`;
  const pairs = `unnest($2::text[]) AS wanted_status(status) CROSS JOIN unnest($3::text[]) AS wanted_plan(plan)`;
  const pages = `(
    SELECT s.* FROM ${pairs} CROSS JOIN LATERAL (
      SELECT * FROM subscriptions s
      ${whereAll(['s.product_id = $1', 's.status = wanted_status.status', 's.plan = wanted_plan.plan', after])}
      ${orderBy} LIMIT ${limit}
    ) s
    ${orderBy} LIMIT ${limit}
  )`;
  return pageOf(db, `${selectSubscriptionsFrom(pages)} ${orderBy}`, params, query.limit);
}

/** One page of the subscriptions whose `column` is `value`, newest first, filtered. */
function listInRange(
  db: pg.Pool,
  column: string,
  value: string,
  query: SubscriptionPageQuery,
): Promise<Page<Subscription>> {
  const params: unknown[] = [];
  const param = (parameter: unknown) => `$${params.push(parameter)}`;
  const conditions = [
    `${column} = ${param(value)}`,
    query.status === undefined ? null : `s.status = ${param(query.status)}`,
    query.plan === undefined ? null : `s.plan = ${param(query.plan)}`,
    query.live === true ? `s.status <> 'cancelled'` : null,
  ];
  const { after, orderBy } = newestFirst('s', query.cursor, params);
  const sql = `${selectSubscriptionsFrom('subscriptions')} ${whereAll([...conditions, after])} ${orderBy}
    LIMIT ${param(query.limit + 1)}`;
  return pageOf(db, sql, params, query.limit);
}

async function pageOf(
  db: pg.Pool,
  sql: string,
  params: unknown[],
  limit: number,
): Promise<Page<Subscription>> {
  const { rows } = await db.query<SubscriptionRow>(sql, params);
  const page = newestFirstPage(rows, limit);
  return { rows: page.rows.map(toSubscription), next: page.next };
}
