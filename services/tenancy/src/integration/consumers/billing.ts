import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import {
  billingCheckoutCompletedV1,
  billingInvoiceOverdueV1,
  billingInvoicePaidV1,
  billingPlanChangedV1,
  billingTermEndedV1,
  checkoutSubscriptionNamespace,
  type IntegrationEnvelope,
} from '@app/contracts';
import { IllegalStateError } from '@app/domain';
import type { CommandOptions } from '@app/eventing';
import type { SubscriptionCommands } from '../../application/subscription-commands.js';
import { recountTotalSpent } from '../../projections/tenant-figures.js';
import {
  CustomerNotKnownYet,
  customerTenant,
  ownedTenant,
  type CustomerTenantDeps,
} from './customer-tenant.js';

export interface BillingReactionsDeps extends CustomerTenantDeps {
  pool: pg.Pool;
  subscriptions: Pick<
    SubscriptionCommands,
    'start' | 'changeStatus' | 'applyPaymentStanding' | 'endTerm' | 'changePlan'
  >;
}

/**
 * billing.checkout.completed.v1 → the customer's subscription to the product starts, or the one they had is
 * active again. A reaction (commands, outside the consumer's transaction): the subscription id comes from the
 * payment id, and a subscription already active is left alone, so a redelivery changes nothing.
 */
export async function startPaidSubscription(
  envelope: IntegrationEnvelope,
  deps: BillingReactionsDeps,
): Promise<void> {
  const parsed = billingCheckoutCompletedV1.safeParse(envelope);
  if (!parsed.success) return;
  const checkout = parsed.data.data;
  const options = reactionOptions(envelope, checkout.userId);
  const tenantId = await customerTenant(deps.pool, checkout.userId, checkout.tenantId, options, deps);
  const { rows } = await deps.pool.query<{ id: string; status: string }>(
    `SELECT id, status FROM subscriptions WHERE tenant_id = $1 AND product_id = $2
     ORDER BY status <> 'cancelled' DESC, created_at DESC, id DESC LIMIT 1`,
    [tenantId, checkout.productId],
  );
  const current = rows[0];
  if (current !== undefined) {
    // Paying again for a product they had (cancelled, trial, suspended) makes it active; an active one stays.
    if (current.status !== 'active') await deps.subscriptions.changeStatus(current.id, 'active', options);
    return;
  }
  try {
    await deps.subscriptions.start(
      tenantId,
      {
        productId: checkout.productId,
        plan: checkout.plan,
        status: 'active',
        paidAtCheckout: { amountCents: checkout.amountCents },
      },
      options,
      uuidv5(checkout.paymentId, checkoutSubscriptionNamespace),
    );
  } catch (error) {
    // Started by an earlier delivery whose subscription the read model does not show yet.
    if (!(error instanceof IllegalStateError)) throw error;
  }
}

/**
 * billing.invoice.paid.v1 → counted once (in the consumer's transaction) into the tenant's totalSpent: the
 * subscription's tenant for a renewal, the customer's own for a checkout. Until that tenant exists (its
 * checkout still on the way) the message is redelivered. Each invoice is recorded by `handle`; the totals of
 * their tenants are recounted once per transaction by `finishBatch`, as the recount takes tenant_totals, which
 * tenancy's tenants and subscriptions projections take too (tenant-figures.ts): taken at the first invoice of a
 * batch, it would keep them waiting for the whole batch.
 */
export const paidInvoiceCounter = {
  async handle(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
    const parsed = billingInvoicePaidV1.safeParse(envelope);
    if (!parsed.success) return;
    const invoice = parsed.data.data;
    const { rows } = await tx.query<{ tenant_id: string }>(
      'SELECT tenant_id FROM subscriptions WHERE id = $1',
      [invoice.subscriptionId],
    );
    const tenantId = rows[0]?.tenant_id ?? (await ownedTenant(tx, invoice.userId, invoice.tenantId));
    if (tenantId === null) throw new CustomerNotKnownYet(`No tenant yet for invoice ${invoice.number}`);
    await tx.query(
      `INSERT INTO paid_invoices (invoice_id, tenant_id, amount_cents, paid_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (invoice_id) DO NOTHING`,
      [invoice.invoiceId, tenantId, invoice.amountCents, invoice.paidAt],
    );
  },

  async finishBatch(envelopes: readonly IntegrationEnvelope[], tx: pg.PoolClient): Promise<void> {
    const invoiceIds = envelopes.flatMap((envelope) => {
      const parsed = billingInvoicePaidV1.safeParse(envelope);
      return parsed.success ? [parsed.data.data.invoiceId] : [];
    });
    if (invoiceIds.length === 0) return;
    const { rows } = await tx.query<{ tenant_id: string }>(
      'SELECT DISTINCT tenant_id FROM paid_invoices WHERE invoice_id = ANY($1::uuid[])',
      [invoiceIds],
    );
    await recountTotalSpent(
      tx,
      rows.map((row) => row.tenant_id),
    );
  },
};

/**
 * Renewals: billing.invoice.overdue.v1 suspends the subscription, and a later billing.invoice.paid.v1 of that
 * subscription makes it active again. A reaction; a redelivery finds the status already changed and appends
 * nothing.
 */
export async function applyRenewalStanding(
  envelope: IntegrationEnvelope,
  deps: Pick<BillingReactionsDeps, 'subscriptions'>,
): Promise<void> {
  const overdue = billingInvoiceOverdueV1.safeParse(envelope);
  if (overdue.success) {
    const { subscriptionId, userId } = overdue.data.data;
    await deps.subscriptions.applyPaymentStanding(
      subscriptionId,
      'overdue',
      reactionOptions(envelope, userId),
    );
    return;
  }
  const paid = billingInvoicePaidV1.safeParse(envelope);
  if (!paid.success || paid.data.data.subscriptionId === null) return;
  const { subscriptionId, userId } = paid.data.data;
  await deps.subscriptions.applyPaymentStanding(subscriptionId, 'paid', reactionOptions(envelope, userId));
}

/** Who ended a term: billing's renewals, acting on the customer's earlier request (in the stream before it). */
const billingActor = 'billing-renewals';

/**
 * billing.subscription.term-ended.v1 → the subscription set to cancel at period end is cancelled, unless the
 * customer resumed it meanwhile. A reaction; a redelivery finds it cancelled and appends nothing.
 */
export async function endCancelledTerm(
  envelope: IntegrationEnvelope,
  deps: Pick<BillingReactionsDeps, 'subscriptions'>,
): Promise<void> {
  const parsed = billingTermEndedV1.safeParse(envelope);
  if (!parsed.success) return;
  const { subscriptionId } = parsed.data.data;
  await deps.subscriptions.endTerm(subscriptionId, reactionOptions(envelope, billingActor));
}

/** Who changed a plan: billing, which priced and charged it (its message names no user). */
const planChangeActor = 'billing-plan-changes';

/**
 * billing.subscription.plan-changed.v1 → the subscription's plan and price are billing's new ones. A reaction; a
 * redelivery, or a change older than one recorded, appends nothing (the decider orders them by `changedAt`).
 */
export async function followPlanChange(
  envelope: IntegrationEnvelope,
  deps: Pick<BillingReactionsDeps, 'subscriptions'>,
): Promise<void> {
  const parsed = billingPlanChangedV1.safeParse(envelope);
  if (!parsed.success) return;
  const { subscriptionId, plan, amountCents, changedAt } = parsed.data.data;
  await deps.subscriptions.changePlan(
    subscriptionId,
    { plan, amountCents, changedAt },
    reactionOptions(envelope, planChangeActor),
  );
}

function reactionOptions(envelope: IntegrationEnvelope, actorId: string): CommandOptions {
  return {
    metadata: { correlationId: envelope.correlationId ?? envelope.id, causationId: envelope.id, actorId },
  };
}
