import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import {
  checkoutSubscriptionNamespace,
  tenancyIntegrationEventSchema,
  type IntegrationEnvelope,
} from '@app/contracts';
import { restartsCycle } from '../domain/renewal/renewal-cycle.js';
import { MessageNotReadyYet } from '@app/eventing';

/** Redelivered later: a status change of a subscription whose start has not arrived yet. */
export class SubscriptionNotKnownYet extends MessageNotReadyYet {}

/**
 * Billing's copy of tenancy's tenants and subscriptions (migrations/051_tenancy_copy.sql), kept from
 * tenancy.tenant.* and tenancy.subscription.* messages: whose card renews a subscription, when, at which plan and
 * price (the agreed one, or the last plan change's), and whether it is set to cancel at the end of its paid period.
 */
export async function applyTenancyMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = tenancyIntegrationEventSchema.safeParse(envelope);
  // Another version of an event, or one billing does not read: nothing to copy.
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'tenancy.tenant.created.v1': {
      const { tenantId, ownerId, createdAt } = event.data;
      await tx.query(
        `INSERT INTO tenants (tenant_id, owner_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO NOTHING`,
        [tenantId, ownerId, createdAt],
      );
      return;
    }
    case 'tenancy.subscription.started.v1': {
      const { subscriptionId, tenantId, productId, plan, status, amountCents, startedAt } = event.data;
      const checkoutStart = await startingCheckout(tx, event.data);
      await tx.query(
        `INSERT INTO subscriptions (subscription_id, tenant_id, product_id, plan, status, amount_cents,
           started_at, cycle_start, cycle_trial, status_changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7)
         ON CONFLICT (subscription_id) DO NOTHING`,
        [
          subscriptionId,
          tenantId,
          productId,
          plan,
          status,
          amountCents,
          startedAt,
          checkoutStart ?? startedAt,
          status === 'trial',
        ],
      );
      return;
    }
    case 'tenancy.subscription.status-changed.v1': {
      const { subscriptionId, previousStatus, status, changedAt } = event.data;
      const restart = restartsCycle(previousStatus, status);
      // A cancelled subscription has no cancellation left pending, however it ended (tenancy's rule too).
      const updated = await tx.query(
        `UPDATE subscriptions SET status = $2, status_changed_at = $3,
           cycle_start = CASE WHEN $4 THEN $3 ELSE cycle_start END,
           cycle_trial = cycle_trial AND NOT $4,
           cancel_requested_at = CASE WHEN $2 = 'cancelled' THEN NULL ELSE cancel_requested_at END
         WHERE subscription_id = $1 AND status_changed_at <= $3`,
        [subscriptionId, status, changedAt, restart],
      );
      if (updated.rowCount === 1) return;
      const known = await tx.query('SELECT 1 FROM subscriptions WHERE subscription_id = $1', [
        subscriptionId,
      ]);
      // Known: this change is older than one already applied. Unknown: its start has not been applied, which
      // ordered delivery (@app/eventing applies a consumer's messages in stream order) rules out; retried loudly.
      if (known.rowCount === 0)
        throw new SubscriptionNotKnownYet(`Subscription ${subscriptionId} not seen yet`);
      return;
    }
    case 'tenancy.subscription.cancellation-scheduled.v1': {
      const { subscriptionId, scheduledAt } = event.data;
      await setCancellation(tx, subscriptionId, scheduledAt, scheduledAt);
      return;
    }
    case 'tenancy.subscription.cancellation-withdrawn.v1': {
      const { subscriptionId, withdrawnAt } = event.data;
      await setCancellation(tx, subscriptionId, null, withdrawnAt);
      return;
    }
    case 'tenancy.subscription.plan-changed.v1': {
      const { subscriptionId, plan, amountCents, changedAt } = event.data;
      await setPlan(tx, subscriptionId, plan, amountCents, changedAt);
      return;
    }
    case 'tenancy.tenant.updated.v1':
    case 'tenancy.subscription.endpoint-configured.v1':
      return;
  }
}

/** A cancellation asked for (or withdrawn, null) at `changedAt`; an older message than one applied is ignored. */
async function setCancellation(
  tx: pg.PoolClient,
  subscriptionId: string,
  requestedAt: string | null,
  changedAt: string,
): Promise<void> {
  const updated = await tx.query(
    `UPDATE subscriptions SET cancel_requested_at = $2, cancellation_changed_at = $3
     WHERE subscription_id = $1 AND status <> 'cancelled'
       AND (cancellation_changed_at IS NULL OR cancellation_changed_at <= $3)`,
    [subscriptionId, requestedAt, changedAt],
  );
  if (updated.rowCount === 1) return;
  const known = await tx.query('SELECT 1 FROM subscriptions WHERE subscription_id = $1', [subscriptionId]);
  if (known.rowCount === 0) throw new SubscriptionNotKnownYet(`Subscription ${subscriptionId} not seen yet`);
}

/** The plan and price from a plan change at `changedAt`; an older change than one applied is ignored. */
async function setPlan(
  tx: pg.PoolClient,
  subscriptionId: string,
  plan: string,
  amountCents: number,
  changedAt: string,
): Promise<void> {
  const updated = await tx.query(
    `UPDATE subscriptions SET plan = $2, amount_cents = $3, plan_changed_at = $4
     WHERE subscription_id = $1 AND (plan_changed_at IS NULL OR plan_changed_at <= $4)`,
    [subscriptionId, plan, amountCents, changedAt],
  );
  if (updated.rowCount === 1) return;
  const known = await tx.query('SELECT 1 FROM subscriptions WHERE subscription_id = $1', [subscriptionId]);
  if (known.rowCount === 0) throw new SubscriptionNotKnownYet(`Subscription ${subscriptionId} not seen yet`);
}

/**
 * The start of the checkout invoice that began this subscription, when a checkout did: renewals then follow on
 * from exactly where that invoice's month ends. Found among the owner's checkouts of the product by the id
 * tenancy derives from the payment (checkoutSubscriptionNamespace). A checkout whose invoice billing's view
 * does not show yet is missed, and the cycle starts at tenancy's start instead, moments later.
 */
async function startingCheckout(
  tx: pg.PoolClient,
  subscription: { subscriptionId: string; tenantId: string; productId: string },
): Promise<string | null> {
  const { rows } = await tx.query<{ payment_id: string; period_start: Date }>(
    `SELECT i.payment_id, i.period_start FROM invoices i JOIN tenants t ON t.owner_id = i.user_id
     WHERE t.tenant_id = $1 AND i.product_id = $2 AND i.subscription_id IS NULL AND i.payment_id IS NOT NULL
     ORDER BY i.period_start DESC LIMIT 20`,
    [subscription.tenantId, subscription.productId],
  );
  const checkout = rows.find(
    (row) => uuidv5(row.payment_id, checkoutSubscriptionNamespace) === subscription.subscriptionId,
  );
  return checkout ? checkout.period_start.toISOString() : null;
}
