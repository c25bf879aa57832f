import type { SubscriptionStatus } from '@app/contracts';
import { monthOf } from './months.js';
import { addMrrMonths, emptyMrrMonth, mrrMonthOf, type MrrMonth } from './mrr-month.js';
import { customerAfter, mrrMovement, noCustomer, type RevenueCustomer } from './mrr-movement.js';

/**
 * What revenue reads of tenancy's subscription events (tenancy.subscription.*.v1), each at its own moment: a
 * start with its status and monthly price, a status change, and a plan change taking effect (billing's moment:
 * at once for an upgrade, at the renewal for a downgrade). A cancellation set for the period's end changes
 * nothing until tenancy cancels the subscription when the term ends.
 */
export type SubscriptionFact =
  | {
      type: 'started';
      subscriptionId: string;
      tenantId: string;
      status: SubscriptionStatus;
      amountCents: number;
      at: string;
    }
  | { type: 'status-changed'; subscriptionId: string; status: SubscriptionStatus; at: string }
  | { type: 'plan-changed'; subscriptionId: string; amountCents: number; at: string };

export interface RevenueSubscription {
  subscriptionId: string;
  tenantId: string;
  status: SubscriptionStatus;
  /** The monthly price it is billed at: the one agreed at its start, or its last plan change's. */
  amountCents: number;
}

/**
 * A subscription's MRR: its price while active, else nothing. A trial counts nothing until its first renewal is
 * paid (tenancy then makes it active); a suspended one (overdue after the last retry) counts as churned until a
 * payment makes it active again; a cancelled one has ended.
 */
export function subscriptionMrrCents(subscription: RevenueSubscription | undefined): number {
  return subscription?.status === 'active' ? subscription.amountCents : 0;
}

/** The subscriptions and customers a fold reads and changes, by subscription id and tenant id. */
export interface SubscriptionLedger {
  subscriptions: ReadonlyMap<string, RevenueSubscription>;
  customers: ReadonlyMap<string, RevenueCustomer>;
}

export interface FoldedSubscriptions {
  ledger: SubscriptionLedger;
  /** The movements, summed by month (`2026-11`); months without any are absent. */
  months: ReadonlyMap<string, MrrMonth>;
}

/** The subscription after a fact; a change of one never started is passed over (the consumer waits for it). */
function subscriptionAfter(
  subscription: RevenueSubscription | undefined,
  fact: SubscriptionFact,
): RevenueSubscription | undefined {
  switch (fact.type) {
    case 'started': {
      // A start seen again (a redelivery) changes nothing.
      if (subscription) return subscription;
      const { subscriptionId, tenantId, status, amountCents } = fact;
      return { subscriptionId, tenantId, status, amountCents };
    }
    case 'status-changed':
      return subscription && { ...subscription, status: fact.status };
    case 'plan-changed':
      return subscription && { ...subscription, amountCents: fact.amountCents };
  }
}

/**
 * Folds facts, in the order tenancy published them, into the ledger: each changes one subscription and so its
 * tenant's MRR, which makes at most one movement, dated by the fact's own moment.
 */
export function foldSubscriptionFacts(
  ledger: SubscriptionLedger,
  facts: readonly SubscriptionFact[],
): FoldedSubscriptions {
  const subscriptions = new Map(ledger.subscriptions);
  const customers = new Map(ledger.customers);
  const months = new Map<string, MrrMonth>();
  for (const fact of facts) {
    const before = subscriptions.get(fact.subscriptionId);
    const after = subscriptionAfter(before, fact);
    if (after === undefined || after === before) continue;
    subscriptions.set(fact.subscriptionId, after);
    const customer = customers.get(after.tenantId) ?? noCustomer;
    const mrrCents = customer.mrrCents - subscriptionMrrCents(before) + subscriptionMrrCents(after);
    const movement = mrrMovement(customer, mrrCents);
    customers.set(after.tenantId, customerAfter(customer, mrrCents));
    if (movement === null) continue;
    const month = monthOf(fact.at);
    months.set(month, addMrrMonths(months.get(month) ?? emptyMrrMonth, mrrMonthOf(movement)));
  }
  return { ledger: { subscriptions, customers }, months };
}
