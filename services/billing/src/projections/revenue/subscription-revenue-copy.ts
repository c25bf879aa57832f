import type pg from 'pg';
import { tenancyIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import type { RevenueCustomer } from '../../domain/revenue/mrr-movement.js';
import { subscriptionFactOf } from '../../domain/revenue/revenue-facts.js';
import {
  foldSubscriptionFacts,
  type RevenueSubscription,
  type SubscriptionLedger,
} from '../../domain/revenue/subscription-revenue.js';
import { SubscriptionNotKnownYet } from '../tenancy-copy.js';
import { addMrrMonths } from './month-rows.js';

/**
 * The MRR half of revenue analytics (migrations/320_revenue.sql), kept from tenancy's subscription events by the
 * billing-revenue consumer, one message at a time in tenancy's order: the subscription and its tenant are read and
 * locked, the fact folded (src/domain/revenue), and both written back with the month's movement, in the consumer's
 * transaction, so a redelivery is dropped by its id before it gets here.
 */
export async function applyRevenueMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = tenancyIntegrationEventSchema.safeParse(envelope);
  // Another version of an event, or one billing does not read: nothing to count.
  if (!parsed.success) return;
  const fact = subscriptionFactOf(parsed.data);
  if (fact === null) return;
  const subscription = await lockedSubscription(tx, fact.subscriptionId);
  const tenantId = subscription?.tenantId ?? (fact.type === 'started' ? fact.tenantId : undefined);
  // Tenancy's ordered stream starts a subscription before it changes one; retried loudly, never dropped.
  if (tenantId === undefined)
    throw new SubscriptionNotKnownYet(`Subscription ${fact.subscriptionId} not seen yet`);
  const customer = await lockedCustomer(tx, tenantId);
  const ledger: SubscriptionLedger = {
    subscriptions: new Map(subscription ? [[subscription.subscriptionId, subscription]] : []),
    customers: new Map(customer ? [[tenantId, customer]] : []),
  };
  const folded = foldSubscriptionFacts(ledger, [fact]);
  const after = folded.ledger.subscriptions.get(fact.subscriptionId);
  if (after === undefined || after === subscription) return;
  await tx.query(
    `INSERT INTO revenue_subscriptions (subscription_id, tenant_id, status, amount_cents) VALUES ($1, $2, $3, $4)
     ON CONFLICT (subscription_id) DO UPDATE SET status = excluded.status, amount_cents = excluded.amount_cents`,
    [after.subscriptionId, after.tenantId, after.status, after.amountCents],
  );
  const customerAfter = folded.ledger.customers.get(tenantId);
  if (customerAfter)
    await tx.query(
      `INSERT INTO revenue_customers (tenant_id, mrr_cents, has_paid) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id) DO UPDATE SET mrr_cents = excluded.mrr_cents, has_paid = excluded.has_paid`,
      [tenantId, customerAfter.mrrCents, customerAfter.hasPaid],
    );
  await addMrrMonths(tx, folded.months);
}

async function lockedSubscription(
  tx: pg.PoolClient,
  subscriptionId: string,
): Promise<RevenueSubscription | undefined> {
  const { rows } = await tx.query<{
    tenant_id: string;
    status: RevenueSubscription['status'];
    amount_cents: string;
  }>(
    'SELECT tenant_id, status, amount_cents FROM revenue_subscriptions WHERE subscription_id = $1 FOR UPDATE',
    [subscriptionId],
  );
  const row = rows[0];
  return (
    row && {
      subscriptionId,
      tenantId: row.tenant_id,
      status: row.status,
      amountCents: Number(row.amount_cents),
    }
  );
}

async function lockedCustomer(tx: pg.PoolClient, tenantId: string): Promise<RevenueCustomer | undefined> {
  const { rows } = await tx.query<{ mrr_cents: string; has_paid: boolean }>(
    'SELECT mrr_cents, has_paid FROM revenue_customers WHERE tenant_id = $1 FOR UPDATE',
    [tenantId],
  );
  const row = rows[0];
  return row && { mrrCents: Number(row.mrr_cents), hasPaid: row.has_paid };
}
