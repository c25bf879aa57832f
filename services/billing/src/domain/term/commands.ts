import type { SubscriptionPlan } from '@app/contracts';
import type { RenewalAnnounced, UpgradeStarted } from './events.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

interface SubscriptionRef {
  subscriptionId: string;
  tenantId: string;
  productId: string;
}

/**
 * The plan a change starts from as the caller saw it, and when the subscription's cycle began: a change asked for
 * from a plan it has since left (a second press, a view that lagged) changes nothing.
 */
interface ChangeBasis extends SubscriptionRef {
  fromPlan: SubscriptionPlan;
  cycleStart: string;
}

/** The renewal runner's: the paid term that ends at `endsAt` is over, so the subscription is not renewed. */
export interface EndTerm {
  type: 'EndTerm';
  data: SubscriptionRef & { endsAt: string };
  metadata: CommandMetadata;
}

/** A downgrade, at the next renewal (`effectiveAt`). */
export interface SchedulePlanChange {
  type: 'SchedulePlanChange';
  data: ChangeBasis & {
    plan: SubscriptionPlan;
    previousAmountCents: number;
    amountCents: number;
    effectiveAt: string;
  };
  metadata: CommandMetadata;
}

/** Back to the current plan: the scheduled downgrade is dropped. */
export interface WithdrawPlanChange {
  type: 'WithdrawPlanChange';
  data: SubscriptionRef;
  metadata: CommandMetadata;
}

/** An upgrade whose prorated difference is charged: recorded before the card is. */
export interface StartUpgrade {
  type: 'StartUpgrade';
  data: Omit<UpgradeStarted, 'startedAt'> & { cycleStart: string };
  metadata: CommandMetadata;
}

/** The upgrade charge waits for the customer's 3-D Secure step at the provider. */
export interface AwaitUpgradeAuthentication {
  type: 'AwaitUpgradeAuthentication';
  data: { subscriptionId: string; paymentId: string; providerPaymentId: string };
  metadata: CommandMetadata;
}

/** The upgrade charge's outcome: the plan changes, or nothing does. */
export interface CompleteUpgrade {
  type: 'CompleteUpgrade';
  data: {
    subscriptionId: string;
    paymentId: string;
    outcome: { status: 'succeeded'; invoiceId: string } | { status: 'failed'; code: string; message: string };
  };
  metadata: CommandMetadata;
}

/** An upgrade with nothing to charge (during a trial, or a difference below the card minimum): at once. */
export interface ChangePlanNow {
  type: 'ChangePlanNow';
  data: ChangeBasis & { plan: SubscriptionPlan; previousAmountCents: number; amountCents: number };
  metadata: CommandMetadata;
}

/** The renewal runner's: the scheduled downgrade's renewal has come. */
export interface ApplyScheduledPlanChange {
  type: 'ApplyScheduledPlanChange';
  data: { subscriptionId: string; effectiveAt: string };
  metadata: CommandMetadata;
}

/** The renewal runner's: the renewal at `renewsAt` is 3 days away or less (README "Renewal reminders"). */
export interface AnnounceRenewal {
  type: 'AnnounceRenewal';
  data: Omit<RenewalAnnounced, 'announcedAt'>;
  metadata: CommandMetadata;
}

export type TermCommand =
  | EndTerm
  | SchedulePlanChange
  | WithdrawPlanChange
  | StartUpgrade
  | AwaitUpgradeAuthentication
  | CompleteUpgrade
  | ChangePlanNow
  | ApplyScheduledPlanChange
  | AnnounceRenewal;
