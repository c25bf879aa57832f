import type { PlanChangePreview, PlanChangeReply, ScheduledPlanChange } from '@app/contracts';
import { formatUsd } from '@app/ui';
import { formatDate } from '../../format/dates.js';
import { planName } from '../subscription-labels.js';

const dateOf = (iso: string, fallback: string) => formatDate(iso) ?? fallback;

/**
 * What confirming the change does, in plain words (issue 19): an upgrade's charge now and the price after, a
 * downgrade's date at the next renewal, a withdrawal's dropped change. `scheduled` is the downgrade waiting now.
 */
export function planChangeSentence(
  preview: PlanChangePreview,
  scheduled: ScheduledPlanChange | null,
): string {
  const monthly = `${formatUsd(preview.amount)}/month`;
  switch (preview.kind) {
    case 'upgrade': {
      const until = dateOf(preview.periodEnd, 'the end of this period');
      return preview.chargeNow > 0
        ? `You'll be charged ${formatUsd(preview.chargeNow)} now for the rest of this period (until ${until}), then ${monthly}.`
        : `Your plan changes to ${planName(preview.plan)} now with nothing charged for the rest of this period (until ${until}); then ${monthly}.`;
    }
    case 'downgrade':
      return `Your plan changes to ${planName(preview.plan)} on ${dateOf(preview.effectiveAt, 'your next renewal')}, at your next renewal; you'll then pay ${monthly}. Nothing is charged now.`;
    case 'withdraw':
      return scheduled
        ? `You stay on ${planName(preview.plan)}; the change to ${planName(scheduled.plan)} scheduled for ${dateOf(scheduled.effectiveAt, 'your next renewal')} is dropped.`
        : `You stay on ${planName(preview.plan)}; the scheduled change is dropped.`;
  }
}

/** The subscription row's note of a downgrade waiting for the renewal. */
export function scheduledChangeLine(change: ScheduledPlanChange): string {
  return `Changes to ${planName(change.plan)} on ${dateOf(change.effectiveAt, 'the next renewal')}`;
}

/** The success toast of a change made, scheduled or dropped. */
export function planChangeToast(
  product: string,
  reply: PlanChangeReply,
): { title: string; description: string } {
  const plan = planName(reply.plan);
  switch (reply.outcome) {
    case 'changed':
      return {
        title: 'Plan changed',
        description:
          reply.charged > 0
            ? `${product} is now on the ${plan} plan. ${formatUsd(reply.charged)} was charged to your card.`
            : `${product} is now on the ${plan} plan.`,
      };
    case 'scheduled':
      return {
        title: 'Plan change scheduled',
        description: `${product} changes to the ${plan} plan on ${dateOf(reply.effectiveAt, 'your next renewal')}.`,
      };
    case 'withdrawn':
      return { title: 'Plan change dropped', description: `${product} stays on the ${plan} plan.` };
  }
}
