import type pg from 'pg';
import { subscriptionEventTypes } from '../domain/subscription/events.js';
import { batchProjection, type RecordedEvent } from '@app/eventing';
import { subscriptions } from '../application/subscriptions.js';
import { recountSubscriptionCounts } from './tenant-figures.js';
import { foldedRows, type FoldedBatch, type RowColumns } from './folded-rows.js';

type SubscriptionRow = RowColumns & { id: string };

const subscriptionRows = foldedRows<SubscriptionRow>('subscriptions', [
  'id',
  'tenant_id',
  'product_id',
  'plan',
  'status',
  'amount_cents',
  'domain_url',
  'metrics_api_key_configured',
  'created_at',
  'updated_at',
  'revision',
]);

/**
 * The `subscriptions` read model (migrations/102_subscriptions.sql), plus the per-tenant counts on `tenants`
 * (subscription_count, active_subscriptions) in the same transaction, so a tenant row never disagrees with
 * the subscription list. The sealed metrics key is reduced to a flag: ciphertext never reaches a read model. A
 * batch is folded and written in two statements (folded-rows.ts); triggers keep the per-product counts
 * (migrations/108_product_subscription_counts.sql).
 */
export const subscriptionsProjection = batchProjection({
  name: 'tenancy.subscriptions.v1',
  eventTypes: subscriptionEventTypes,
  applyBatch: applySubscriptionEvents,
  async reset(tx) {
    // The TRUNCATE also empties the per-product counts.
    await tx.query('TRUNCATE subscriptions');
    await tx.query(
      `UPDATE tenants SET subscription_count = 0, active_subscriptions = 0
       WHERE subscription_count <> 0 OR active_subscriptions <> 0`,
    );
    await tx.query('SELECT tenant_totals_recount()');
  },
});

async function applySubscriptionEvents(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const rows = subscriptionRows.batch();
  const touchedTenants = new Set<string>();
  for (const recorded of events) touchedTenants.add(foldSubscriptionEvent(recorded, rows));
  await rows.write(tx);
  await recountSubscriptionCounts(tx, [...touchedTenants]);
}

/** Folds one event into the batch's rows; answers the tenant whose counts it may move. */
function foldSubscriptionEvent(recorded: RecordedEvent, rows: FoldedBatch<SubscriptionRow>): string {
  const event = subscriptions.decode(recorded);
  const revision = recorded.revision;
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { subscriptionId, tenantId, productId, plan, status, amountCents, startedAt } = event.data;
      rows.create({
        id: subscriptionId,
        tenant_id: tenantId,
        product_id: productId,
        plan,
        status,
        amount_cents: amountCents,
        domain_url: null,
        metrics_api_key_configured: false,
        created_at: startedAt,
        updated_at: startedAt,
        revision,
      });
      break;
    }
    case 'SubscriptionStatusChanged':
      rows.change(event.data.subscriptionId, {
        status: event.data.status,
        updated_at: event.data.changedAt,
        revision,
      });
      break;
    case 'SubscriptionEndpointConfigured':
      rows.change(event.data.subscriptionId, {
        domain_url: event.data.domainUrl,
        metrics_api_key_configured: event.data.metricsApiKey !== null,
        updated_at: event.data.configuredAt,
        revision,
      });
      break;
  }
  return event.data.tenantId;
}
