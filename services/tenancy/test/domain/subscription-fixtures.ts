/* One subscription of a tenant to a product, with its commands and events, for the subscription rules. */
import type { SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import type { SubscriptionEvent } from '../../src/domain/subscription/events.js';
import type { ConfigureEndpoint, StartSubscription } from '../../src/domain/subscription/commands.js';
import { sealed } from './sealed.js';

const subscriptionId = '0196f2a0-0000-7000-8000-0000000000d1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const metadata = { now: later };
const ids = { subscriptionId, tenantId, productId };

export const start = (overrides: Partial<StartSubscription['data']> = {}): StartSubscription => ({
  type: 'StartSubscription',
  data: {
    ...ids,
    plan: 'professional',
    status: 'active',
    amountCents: 14_900,
    productIsActive: true,
    paidAtCheckout: false,
    tenantHasLiveSubscription: false,
    ...overrides,
  },
  metadata: { now },
});
export const toggle = (status: 'active' | 'cancelled', tenantHasOtherLiveSubscription = false) =>
  ({
    type: 'ToggleSubscriptionStatus',
    data: { subscriptionId, status, tenantHasOtherLiveSubscription },
    metadata,
  }) as const;
export const configure = (
  endpoint: Omit<ConfigureEndpoint['data'], 'subscriptionId'>,
): ConfigureEndpoint => ({
  type: 'ConfigureEndpoint',
  data: { subscriptionId, ...endpoint },
  metadata,
});
/** Billing's renewal standing (SPEC.md §4): an overdue renewal suspends, a paid one restores. */
export const standing = (value: 'overdue' | 'paid') =>
  ({ type: 'ApplyPaymentStanding', data: { subscriptionId, standing: value }, metadata }) as const;

/** The customer's "Cancel subscription" and "Resume", an admin's "Cancel now", billing's end of the term. */
export const scheduleCancellation = () =>
  ({ type: 'ScheduleCancellation', data: { subscriptionId }, metadata }) as const;
export const withdrawCancellation = () =>
  ({ type: 'WithdrawCancellation', data: { subscriptionId }, metadata }) as const;
export const cancelNow = (reason: string) =>
  ({ type: 'CancelNow', data: { subscriptionId, reason }, metadata }) as const;
export const endTerm = () => ({ type: 'EndTerm', data: { subscriptionId }, metadata }) as const;

/** Billing's plan change: the new plan and monthly price from billing's `changedAt`. */
export const changePlan = (plan: SubscriptionPlan, amountCents: number, changedAt: string) =>
  ({ type: 'ChangePlan', data: { subscriptionId, plan, amountCents, changedAt }, metadata }) as const;
export const planChanged = (
  from: { plan: SubscriptionPlan; amountCents: number },
  to: { plan: SubscriptionPlan; amountCents: number },
  changedAt: string,
): SubscriptionEvent => ({
  type: 'SubscriptionPlanChanged',
  data: {
    ...ids,
    previousPlan: from.plan,
    plan: to.plan,
    previousAmountCents: from.amountCents,
    amountCents: to.amountCents,
    changedAt,
  },
});

export const started = (status: SubscriptionStatus = 'active'): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: { ...ids, plan: 'professional', status, amountCents: 14_900, startedAt: now },
});
export const statusChanged = (
  previousStatus: SubscriptionStatus,
  status: SubscriptionStatus,
  reason?: string,
): SubscriptionEvent => ({
  type: 'SubscriptionStatusChanged',
  data: { ...ids, previousStatus, status, changedAt: later, ...(reason === undefined ? {} : { reason }) },
});
export const cancellationScheduled: SubscriptionEvent = {
  type: 'SubscriptionCancellationScheduled',
  data: { ...ids, scheduledAt: later },
};
export const cancellationWithdrawn: SubscriptionEvent = {
  type: 'SubscriptionCancellationWithdrawn',
  data: { ...ids, withdrawnAt: later },
};
export const configured: Extract<SubscriptionEvent, { type: 'SubscriptionEndpointConfigured' }> = {
  type: 'SubscriptionEndpointConfigured',
  data: { ...ids, domainUrl: 'https://acme.example', metricsApiKey: sealed(1), configuredAt: later },
};
