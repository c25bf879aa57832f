import type pg from 'pg';
import { subscriptionEventTypes } from '../domain/subscription/events.js';
import { batchProjection, foldedTable, type RecordedEvent, type RowFold } from '@app/eventing';
import { subscriptions } from '../application/subscriptions.js';
import { copySubscriptionOwners, recountSubscriptionCounts } from './tenant-figures.js';

/** A subscriptions row as the projection keeps it; names follow the table's columns. */
interface SubscriptionRow {
  id: string;
  tenant_id: string;
  product_id: string;
  plan: string;
  status: string;
  amount_cents: number;
  domain_url: string | null;
  metrics_api_key_configured: boolean;
  cancel_at_period_end: boolean;
  created_at: string;
  updated_at: string;
  revision: number;
}

const subscriptionTable = foldedTable<SubscriptionRow>({
  table: 'subscriptions',
  key: ['id'],
  columns: [
    'id',
    'tenant_id',
    'product_id',
    'plan',
    'status',
    'amount_cents',
    'domain_url',
    'metrics_api_key_configured',
    'cancel_at_period_end',
    'created_at',
    'updated_at',
    'revision',
  ],
});

/**
 * The `subscriptions` read model (migrations/102_subscriptions.sql), plus the per-tenant counts on `tenants`
 * (subscription_count, active_subscriptions) in the same transaction, so a tenant row never disagrees with
 * the subscription list. The sealed metrics key is reduced to a flag: ciphertext never reaches a read model. A
 * batch is folded in memory and written together (@app/eventing foldedTable); triggers keep the per-product
 * counts (migrations/108_product_subscription_counts.sql).
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
  const folds = events.map(subscriptionFold);
  await subscriptionTable.apply(tx, folds);
  const tenantIds = [...new Set(folds.map((fold) => fold.tenantId))];
  await recountSubscriptionCounts(tx, tenantIds);
  await copySubscriptionOwners(tx, tenantIds);
}

/** One event's fold of its subscription's row, with the tenant whose counts it may move. */
function subscriptionFold(recorded: RecordedEvent): RowFold<SubscriptionRow> & { tenantId: string } {
  const event = subscriptions.decode(recorded);
  const revision = recorded.revision;
  const key = { id: event.data.subscriptionId };
  const tenantId = event.data.tenantId;
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { subscriptionId, productId, plan, status, amountCents, startedAt } = event.data;
      const started: SubscriptionRow = {
        id: subscriptionId,
        tenant_id: tenantId,
        product_id: productId,
        plan,
        status,
        amount_cents: amountCents,
        domain_url: null,
        metrics_api_key_configured: false,
        cancel_at_period_end: false,
        created_at: startedAt,
        updated_at: startedAt,
        revision,
      };
      // A replay over a row already there rewrites it.
      return { key, tenantId, fold: () => started };
    }
    case 'SubscriptionStatusChanged': {
      const { status, changedAt } = event.data;
      const columns = { status, updated_at: changedAt, revision };
      // However it ended, nothing is left to cancel later (the aggregate's own rule).
      const ended = status === 'cancelled' ? { cancel_at_period_end: false } : {};
      return { key, tenantId, fold: (row) => row && { ...row, ...columns, ...ended } };
    }
    case 'SubscriptionCancellationScheduled': {
      const columns = { cancel_at_period_end: true, updated_at: event.data.scheduledAt, revision };
      return { key, tenantId, fold: (row) => row && { ...row, ...columns } };
    }
    case 'SubscriptionCancellationWithdrawn': {
      const columns = { cancel_at_period_end: false, updated_at: event.data.withdrawnAt, revision };
      return { key, tenantId, fold: (row) => row && { ...row, ...columns } };
    }
    case 'SubscriptionPlanChanged': {
      const { plan, amountCents, changedAt } = event.data;
      const columns = { plan, amount_cents: amountCents, updated_at: changedAt, revision };
      return { key, tenantId, fold: (row) => row && { ...row, ...columns } };
    }
    case 'SubscriptionEndpointConfigured': {
      const { domainUrl, metricsApiKey, configuredAt } = event.data;
      const columns = {
        domain_url: domainUrl,
        metrics_api_key_configured: metricsApiKey !== null,
        updated_at: configuredAt,
        revision,
      };
      return { key, tenantId, fold: (row) => row && { ...row, ...columns } };
    }
  }
}
