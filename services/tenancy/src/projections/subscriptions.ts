import type pg from 'pg';
import { subscriptionEventTypes } from '../domain/subscription/events.js';
import { batchProjection, type RecordedEvent } from '@app/eventing';
import { subscriptions } from '../application/subscriptions.js';

/**
 * The `subscriptions` read model (migrations/102_subscriptions.sql), plus the per-tenant counts on `tenants`
 * (subscription_count, active_subscriptions) in the same transaction, so a tenant row never disagrees with
 * the subscription list. The sealed metrics key is reduced to a flag: ciphertext never reaches a read model.
 */
export const subscriptionsProjection = batchProjection({
  name: 'tenancy.subscriptions.v1',
  eventTypes: subscriptionEventTypes,
  applyBatch: applySubscriptionEvents,
  async reset(tx) {
    // The TRUNCATE also empties the per-product counts (migrations/108_product_subscription_counts.sql).
    await tx.query('TRUNCATE subscriptions');
    await tx.query(
      `UPDATE tenants SET subscription_count = 0, active_subscriptions = 0
       WHERE subscription_count <> 0 OR active_subscriptions <> 0`,
    );
    await tx.query('SELECT tenant_totals_recount()');
  },
});

async function applySubscriptionEvents(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const touchedTenants = new Set<string>();
  for (const recorded of events) {
    const event = subscriptions.decode(recorded);
    const revision = recorded.revision;
    touchedTenants.add(event.data.tenantId);
    switch (event.type) {
      case 'SubscriptionStarted': {
        const { subscriptionId, tenantId, productId, plan, status, amountCents, startedAt } = event.data;
        await tx.query(
          `INSERT INTO subscriptions (id, tenant_id, product_id, plan, status, amount_cents, created_at,
             updated_at, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
           ON CONFLICT (id) DO NOTHING`,
          [subscriptionId, tenantId, productId, plan, status, amountCents, startedAt, revision],
        );
        break;
      }
      case 'SubscriptionStatusChanged':
        await tx.query('UPDATE subscriptions SET status = $2, updated_at = $3, revision = $4 WHERE id = $1', [
          event.data.subscriptionId,
          event.data.status,
          event.data.changedAt,
          revision,
        ]);
        break;
      case 'SubscriptionEndpointConfigured':
        await tx.query(
          `UPDATE subscriptions SET domain_url = $2, metrics_api_key_configured = $3, updated_at = $4,
             revision = $5
           WHERE id = $1`,
          [
            event.data.subscriptionId,
            event.data.domainUrl,
            event.data.metricsApiKey !== null,
            event.data.configuredAt,
            revision,
          ],
        );
        break;
    }
  }
  // Recounted rather than incremented: a replay or a rebuild lands on the same numbers.
  await tx.query(
    `UPDATE tenants t SET subscription_count = c.total, active_subscriptions = c.active
     FROM (
       SELECT ids.id, count(s.id) AS total, count(s.id) FILTER (WHERE s.status = 'active') AS active
       FROM unnest($1::uuid[]) AS ids(id) LEFT JOIN subscriptions s ON s.tenant_id = ids.id
       GROUP BY ids.id
     ) c
     WHERE t.id = c.id`,
    [[...touchedTenants]],
  );
}
