import type { StartableSubscriptionStatus, SubscriptionPlan } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/**
 * Facts from outside this stream arrive in the command, looked up by the caller from tenancy's read models
 * just before: whether the product is active, and whether the tenant already has a live (not cancelled)
 * subscription to it. The price is the product's base price at that moment, or what the customer paid at
 * checkout. `paidAtCheckout` says billing already took the money, while the product was active.
 */
export interface StartSubscription {
  type: 'StartSubscription';
  data: {
    subscriptionId: string;
    tenantId: string;
    productId: string;
    plan: SubscriptionPlan;
    status: StartableSubscriptionStatus;
    amountCents: number;
    productIsActive: boolean;
    paidAtCheckout: boolean;
    tenantHasLiveSubscription: boolean;
  };
  metadata: CommandMetadata;
}

/**
 * Deactivate/Activate (SPEC.md §4). `status` is what the button asked for; it must be the toggle of the
 * current status (or the current one, a repeat). Reactivating a cancelled subscription makes it live again, so
 * the caller says whether the tenant has another live one to the same product.
 */
export interface ToggleSubscriptionStatus {
  type: 'ToggleSubscriptionStatus';
  data: { subscriptionId: string; status: 'active' | 'cancelled'; tenantHasOtherLiveSubscription: boolean };
  metadata: CommandMetadata;
}

/** Per field: absent keeps it, null clears it. A new key arrives already sealed. */
export interface ConfigureEndpoint {
  type: 'ConfigureEndpoint';
  data: { subscriptionId: string; domainUrl?: string | null; metricsApiKey?: SealedSecret | null };
  metadata: CommandMetadata;
}

/**
 * Billing's word on a renewal: `overdue` after the last failed retry suspends a live subscription; `paid`
 * makes a suspended (or trial) one active. A cancelled subscription stays cancelled either way.
 */
export interface ApplyPaymentStanding {
  type: 'ApplyPaymentStanding';
  data: { subscriptionId: string; standing: 'overdue' | 'paid' };
  metadata: CommandMetadata;
}

/** "Cancel subscription": it stays as it is until its paid period ends, and is not renewed. */
export interface ScheduleCancellation {
  type: 'ScheduleCancellation';
  data: { subscriptionId: string };
  metadata: CommandMetadata;
}

/** "Resume": the pending cancellation is withdrawn. */
export interface WithdrawCancellation {
  type: 'WithdrawCancellation';
  data: { subscriptionId: string };
  metadata: CommandMetadata;
}

/** An admin ends it at once, saying why. */
export interface CancelNow {
  type: 'CancelNow';
  data: { subscriptionId: string; reason: string };
  metadata: CommandMetadata;
}

/** Billing's word that the paid period of a subscription set to cancel has ended (billing.subscription.term-ended). */
export interface EndTerm {
  type: 'EndTerm';
  data: { subscriptionId: string };
  metadata: CommandMetadata;
}

/**
 * Billing's word that the plan changed (billing.subscription.plan-changed.v1): an upgrade paid for, or a downgrade
 * reaching the renewal it was set for. Billing decides and prices it; tenancy records the plan and monthly price
 * from `changedAt`, billing's time of the change.
 */
export interface ChangePlan {
  type: 'ChangePlan';
  data: { subscriptionId: string; plan: SubscriptionPlan; amountCents: number; changedAt: string };
  metadata: CommandMetadata;
}

export type SubscriptionCommand =
  | StartSubscription
  | ToggleSubscriptionStatus
  | ConfigureEndpoint
  | ApplyPaymentStanding
  | ScheduleCancellation
  | WithdrawCancellation
  | CancelNow
  | EndTerm
  | ChangePlan;
