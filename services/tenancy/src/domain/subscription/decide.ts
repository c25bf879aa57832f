import { toggledSubscriptionStatus } from '@app/contracts';
import type { SubscriptionEvent } from './events.js';
import {
  ConflictError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
  assertNever,
  type Decider,
} from '@app/domain';
import { sameSealed } from '../sealed.js';
import { changePlan } from './change-plan.js';
import type {
  ApplyPaymentStanding,
  CancelNow,
  ConfigureEndpoint,
  EndTerm,
  ScheduleCancellation,
  StartSubscription,
  SubscriptionCommand,
  ToggleSubscriptionStatus,
  WithdrawCancellation,
} from './commands.js';
import { evolve, initialState, type SubscriptionState } from './subscription.js';

export const subscriptionNotFound = 'Subscription not found';
export const productNotActive = 'This product is inactive and cannot be subscribed to';
export const duplicateLiveSubscription = 'This tenant already has a live subscription to this product';
export const alreadyCancelled = 'This subscription is already cancelled';
export const endedCannotResume =
  'This subscription has ended and cannot be resumed; subscribe again from the catalogue';
/** The reason on the status change that ends a term the customer cancelled. */
export const endedAtPeriodEnd = 'Cancelled at the end of its billing period, as asked';

export function cannotScheduleCancellation(status: string): string {
  return `A ${status} subscription cannot be set to cancel at the end of its period`;
}

type ExistingSubscription = Exclude<SubscriptionState, { status: 'absent' }>;

function existing(state: SubscriptionState): ExistingSubscription {
  if (state.status === 'absent') throw new NotFoundError(subscriptionNotFound);
  return state;
}

function start(command: StartSubscription, state: SubscriptionState): SubscriptionEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('A subscription with this id already exists');
  const { productIsActive, paidAtCheckout, tenantHasLiveSubscription, ...data } = command.data;
  // The add dialog lists active products only (SPEC.md §2); a stale or hand-made request is refused. A
  // checkout paid while the product was active is honoured even if an admin deactivated it since.
  if (!productIsActive && !paidAtCheckout) {
    throw new ValidationError(productNotActive, [{ path: 'productId', message: productNotActive }]);
  }
  // One live subscription per product per tenant: a second would double-bill and split monitoring.
  if (tenantHasLiveSubscription) throw new ConflictError(duplicateLiveSubscription);
  return [{ type: 'SubscriptionStarted', data: { ...data, startedAt: command.metadata.now } }];
}

function toggle(command: ToggleSubscriptionStatus, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  const { subscriptionId, status, tenantHasOtherLiveSubscription } = command.data;
  // A repeated click (or a retried request) asks for the status it already has: nothing to do.
  if (status === subscription.status) return [];
  const allowed = toggledSubscriptionStatus(subscription.status);
  if (status !== allowed) {
    throw new IllegalStateError(`A ${subscription.status} subscription can only be set to ${allowed}`);
  }
  if (status === 'active' && subscription.status === 'cancelled' && tenantHasOtherLiveSubscription) {
    throw new ConflictError(duplicateLiveSubscription);
  }
  return statusChanged(subscriptionId, subscription, status, command.metadata.now);
}

/** Both fields after the change in one event, and only when something changed. */
function configure(command: ConfigureEndpoint, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  const { subscriptionId, domainUrl: newUrl, metricsApiKey: newKey } = command.data;
  const domainUrl = newUrl === undefined ? subscription.domainUrl : newUrl;
  const metricsApiKey = newKey === undefined ? subscription.metricsApiKey : newKey;
  if (domainUrl === subscription.domainUrl && sameSealed(metricsApiKey, subscription.metricsApiKey))
    return [];
  const { tenantId, productId } = subscription;
  return [
    {
      type: 'SubscriptionEndpointConfigured',
      data: {
        subscriptionId,
        tenantId,
        productId,
        domainUrl,
        metricsApiKey,
        configuredAt: command.metadata.now,
      },
    },
  ];
}

/** Only a subscription being paid for (or on trial) has a period to run out; a repeat changes nothing. */
function scheduleCancellation(command: ScheduleCancellation, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  if (subscription.status === 'cancelled') throw new IllegalStateError(alreadyCancelled);
  if (subscription.status !== 'active' && subscription.status !== 'trial') {
    throw new IllegalStateError(cannotScheduleCancellation(subscription.status));
  }
  if (subscription.cancellationScheduledAt !== null) return [];
  const { subscriptionId, tenantId, productId } = subscription;
  const data = { subscriptionId, tenantId, productId, scheduledAt: command.metadata.now };
  return [{ type: 'SubscriptionCancellationScheduled', data }];
}

function withdrawCancellation(command: WithdrawCancellation, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  if (subscription.status === 'cancelled') throw new IllegalStateError(endedCannotResume);
  if (subscription.cancellationScheduledAt === null) return [];
  const { subscriptionId, tenantId, productId } = subscription;
  const data = { subscriptionId, tenantId, productId, withdrawnAt: command.metadata.now };
  return [{ type: 'SubscriptionCancellationWithdrawn', data }];
}

function cancelNow(command: CancelNow, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  if (subscription.status === 'cancelled') return [];
  const { subscriptionId, reason } = command.data;
  return statusChanged(subscriptionId, subscription, 'cancelled', command.metadata.now, reason);
}

/** Billing's end of term counts only while the cancellation stands: a Resume that crossed it wins. */
function endTerm(command: EndTerm, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  if (subscription.status === 'cancelled' || subscription.cancellationScheduledAt === null) return [];
  const { subscriptionId } = command.data;
  return statusChanged(subscriptionId, subscription, 'cancelled', command.metadata.now, endedAtPeriodEnd);
}

/** What a payment standing makes of each status; absent means it stays as it is. */
const afterStanding: Record<
  ApplyPaymentStanding['data']['standing'],
  Partial<Record<ExistingSubscription['status'], ExistingSubscription['status']>>
> = {
  overdue: { active: 'suspended', trial: 'suspended' },
  paid: { suspended: 'active', trial: 'active' },
};

function applyStanding(command: ApplyPaymentStanding, state: SubscriptionState): SubscriptionEvent[] {
  const subscription = existing(state);
  const status = afterStanding[command.data.standing][subscription.status];
  if (status === undefined) return [];
  return statusChanged(subscription.subscriptionId, subscription, status, command.metadata.now);
}

function statusChanged(
  subscriptionId: string,
  subscription: ExistingSubscription,
  status: ExistingSubscription['status'],
  changedAt: string,
  reason?: string,
): SubscriptionEvent[] {
  const { tenantId, productId, status: previousStatus } = subscription;
  return [
    {
      type: 'SubscriptionStatusChanged',
      data: {
        subscriptionId,
        tenantId,
        productId,
        previousStatus,
        status,
        changedAt,
        ...(reason === undefined ? {} : { reason }),
      },
    },
  ];
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'StartSubscription':
      return start(command, state);
    case 'ToggleSubscriptionStatus':
      return toggle(command, state);
    case 'ConfigureEndpoint':
      return configure(command, state);
    case 'ApplyPaymentStanding':
      return applyStanding(command, state);
    case 'ScheduleCancellation':
      return scheduleCancellation(command, state);
    case 'WithdrawCancellation':
      return withdrawCancellation(command, state);
    case 'CancelNow':
      return cancelNow(command, state);
    case 'EndTerm':
      return endTerm(command, state);
    case 'ChangePlan':
      return changePlan(command, existing(state));
    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  initialState,
  evolve,
  decide,
};
