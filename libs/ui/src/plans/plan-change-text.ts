import type { PlanChangePreview, PlanChangeReply, ScheduledPlanChange } from '@app/contracts';
import { formatDate } from '../lib/dates.js';
import { formatUsd } from '../lib/money.js';
import type { PlanChangeAudience } from './plan-change-audience.js';
import { planName } from './plan-names.js';

/** The words that differ between an admin's statement of a change and the customer's. */
const voices = {
  admin: {
    charged: "The tenant's card is charged",
    yourPlan: 'The plan',
    nextRenewal: 'the next renewal',
    thenPay: 'the tenant then pays',
    stay: 'The subscription stays',
  },
  customer: {
    charged: "You'll be charged",
    yourPlan: 'Your plan',
    nextRenewal: 'your next renewal',
    thenPay: "you'll then pay",
    stay: 'You stay',
  },
} satisfies Record<PlanChangeAudience, Record<string, string>>;

/**
 * What confirming the change does, in plain words (issue 19): an upgrade's charge now and the price after, a
 * downgrade's date at the next renewal, a withdrawal's dropped change. `scheduled` is the downgrade waiting now.
 * A date that does not parse reads as the moment it stands for.
 */
export function planChangeSentence(
  preview: PlanChangePreview,
  scheduled: ScheduledPlanChange | null,
  audience: PlanChangeAudience,
): string {
  const voice = voices[audience];
  const monthly = `${formatUsd(preview.amount)}/month`;
  const plan = planName(preview.plan);
  switch (preview.kind) {
    case 'upgrade': {
      const until = formatDate(preview.periodEnd) ?? 'the end of this period';
      return preview.chargeNow > 0
        ? `${voice.charged} ${formatUsd(preview.chargeNow)} now for the rest of this period (until ${until}), then ${monthly}.`
        : `${voice.yourPlan} changes to ${plan} now with nothing charged for the rest of this period (until ${until}); then ${monthly}.`;
    }
    case 'downgrade': {
      const on = formatDate(preview.effectiveAt) ?? voice.nextRenewal;
      return `${voice.yourPlan} changes to ${plan} on ${on}, at ${voice.nextRenewal}; ${voice.thenPay} ${monthly}. Nothing is charged now.`;
    }
    case 'withdraw':
      return scheduled
        ? `${voice.stay} on ${plan}; the change to ${planName(scheduled.plan)} scheduled for ${formatDate(scheduled.effectiveAt) ?? voice.nextRenewal} is dropped.`
        : `${voice.stay} on ${plan}; the scheduled change is dropped.`;
  }
}

/** The subscription row's note of a downgrade waiting for the renewal. */
export function scheduledChangeLine(change: ScheduledPlanChange): string {
  return `Changes to ${planName(change.plan)} on ${formatDate(change.effectiveAt) ?? 'the next renewal'}`;
}

/** The confirm button says what it does. */
export function planChangeConfirmLabel(preview: PlanChangePreview | undefined): string {
  if (!preview) return 'Change plan';
  if (preview.kind === 'withdraw') return `Keep ${planName(preview.plan)}`;
  return `${preview.kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${planName(preview.plan)}`;
}

/**
 * Who a change's toast speaks to: an admin, of "the tenant's card", or the customer, of `product` (the
 * subscription's product name) and "your card".
 */
export type PlanChangeToastReader = { audience: 'admin' } | { audience: 'customer'; product: string };

/** How a toast's description says where the subscription is now, and what was charged. */
interface ToastVoice {
  nowOn: (plan: string) => string;
  charged: (amount: string) => string;
  changesTo: (plan: string, date: string) => string;
  staysOn: (plan: string) => string;
}

function toastVoice(reader: PlanChangeToastReader): ToastVoice {
  if (reader.audience === 'admin') {
    return {
      nowOn: (plan) => `Now on ${plan}`,
      charged: (amount) => `; ${amount} was charged to the tenant's card`,
      changesTo: (plan, date) => `Changes to ${plan} on ${date}`,
      staysOn: (plan) => `Stays on ${plan}`,
    };
  }
  const { product } = reader;
  return {
    nowOn: (plan) => `${product} is now on the ${plan} plan`,
    charged: (amount) => `. ${amount} was charged to your card`,
    changesTo: (plan, date) => `${product} changes to the ${plan} plan on ${date}`,
    staysOn: (plan) => `${product} stays on the ${plan} plan`,
  };
}

/** The success toast of a change made, scheduled or dropped. */
export function planChangeToast(
  reply: PlanChangeReply,
  reader: PlanChangeToastReader,
): { title: string; description: string } {
  const voice = toastVoice(reader);
  const plan = planName(reply.plan);
  switch (reply.outcome) {
    case 'changed':
      return {
        title: 'Plan changed',
        description: `${voice.nowOn(plan)}${reply.charged > 0 ? voice.charged(formatUsd(reply.charged)) : ''}.`,
      };
    case 'scheduled':
      return {
        title: 'Plan change scheduled',
        description: `${voice.changesTo(plan, formatDate(reply.effectiveAt) ?? voices[reader.audience].nextRenewal)}.`,
      };
    case 'withdrawn':
      return { title: 'Plan change dropped', description: `${voice.staysOn(plan)}.` };
  }
}
