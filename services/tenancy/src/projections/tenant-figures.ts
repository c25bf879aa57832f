import type pg from 'pg';

/**
 * The figures of a tenants row that other streams own: its subscription counters (the subscriptions read model)
 * and its total spent (paid_invoices). Each is a recount, never an increment, so a replay lands on the same
 * numbers. Three writers meet here: the tenants projection creating rows, the subscription projection and
 * billing's paid invoices. Each takes the tenant_totals row in a statement of its own before its recount, so
 * under READ COMMITTED the recount's snapshot is taken after the writer before it committed: a subscription or a
 * paid invoice that lands before its tenant's row (a read model filled from an empty database, where the
 * projections replay side by side) is counted when the row is created, and one that lands after is counted then.
 */
export async function takeTenantFigures(tx: pg.PoolClient): Promise<void> {
  await tx.query('SELECT FROM tenant_totals FOR UPDATE');
}

export async function recountSubscriptionCounts(
  tx: pg.PoolClient,
  tenantIds: readonly string[],
): Promise<void> {
  if (tenantIds.length === 0) return;
  await takeTenantFigures(tx);
  await tx.query(
    `UPDATE tenants t SET subscription_count = c.total, active_subscriptions = c.active
     FROM (
       SELECT ids.id, count(s.id) AS total, count(s.id) FILTER (WHERE s.status = 'active') AS active
       FROM unnest($1::uuid[]) AS ids(id) LEFT JOIN subscriptions s ON s.tenant_id = ids.id
       GROUP BY ids.id
     ) c
     WHERE t.id = c.id AND (t.subscription_count, t.active_subscriptions) <> (c.total, c.active)`,
    [tenantIds],
  );
}

/**
 * Copies each tenant's owner onto its subscriptions (migrations/110_subscription_owners.sql), after the same lock
 * as the recounts and for the same reason: whichever of the tenant and its subscriptions lands second sees the
 * first and copies the owner.
 */
export async function copySubscriptionOwners(tx: pg.PoolClient, tenantIds: readonly string[]): Promise<void> {
  if (tenantIds.length === 0) return;
  await takeTenantFigures(tx);
  await tx.query(
    // From the ids, so the plan walks each tenant's range of subscriptions; `t.id = ANY(…)` let the planner hash
    // the whole table instead (100 ms rather than 6 for a batch of 1,000 tenants at 100k).
    `UPDATE subscriptions s SET owner_id = t.owner_id
     FROM unnest($1::uuid[]) AS ids(id) JOIN tenants t ON t.id = ids.id
     WHERE s.tenant_id = ids.id AND s.owner_id IS DISTINCT FROM t.owner_id`,
    [tenantIds],
  );
}

export async function recountTotalSpent(tx: pg.PoolClient, tenantIds: readonly string[]): Promise<void> {
  if (tenantIds.length === 0) return;
  await takeTenantFigures(tx);
  await tx.query(
    `UPDATE tenants t SET total_spent_cents = c.spent
     FROM (
       SELECT ids.id, coalesce(sum(p.amount_cents), 0) AS spent
       FROM unnest($1::uuid[]) AS ids(id) LEFT JOIN paid_invoices p ON p.tenant_id = ids.id
       GROUP BY ids.id
     ) c
     WHERE t.id = c.id AND t.total_spent_cents <> c.spent`,
    [tenantIds],
  );
}
