import type { PlanChangePreview, PlanChangeReply, ScheduledPlanChange } from '@app/contracts';
import { formatUsd } from '@app/ui';
import { capitalized } from './labels.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateOf = (iso: string) => dateFormat.format(new Date(iso));

/**
 * What confirming a plan change does, as the admin reads it (issue 19): an upgrade's charge to the tenant's card
 * now and the price after, a downgrade's date at the next renewal, a withdrawal's dropped change.
 */
export function adminPlanChangeSentence(
  preview: PlanChangePreview,
  scheduled: ScheduledPlanChange | null,
): string {
  const monthly = `${formatUsd(preview.amount)}/month`;
  const until = dateOf(preview.periodEnd);
  switch (preview.kind) {
    case 'upgrade':
      return preview.chargeNow > 0
        ? `The tenant's card is charged ${formatUsd(preview.chargeNow)} now for the rest of this period (until ${until}), then ${monthly}.`
        : `The plan changes to ${capitalized(preview.plan)} now with nothing charged for the rest of this period (until ${until}); then ${monthly}.`;
    case 'downgrade':
      return `The plan changes to ${capitalized(preview.plan)} on ${dateOf(preview.effectiveAt)}, at the next renewal; the tenant then pays ${monthly}. Nothing is charged now.`;
    case 'withdraw':
      return scheduled
        ? `The subscription stays on ${capitalized(preview.plan)}; the change to ${capitalized(scheduled.plan)} scheduled for ${dateOf(scheduled.effectiveAt)} is dropped.`
        : `The subscription stays on ${capitalized(preview.plan)}; the scheduled change is dropped.`;
  }
}

/** The row's note of a downgrade waiting for the renewal. */
export function scheduledChangeLine(change: ScheduledPlanChange): string {
  return `Changes to ${capitalized(change.plan)} on ${dateOf(change.effectiveAt)}`;
}

/** The success toast of a change made, scheduled or dropped. */
export function adminPlanChangeToast(reply: PlanChangeReply): { title: string; description: string } {
  const plan = capitalized(reply.plan);
  switch (reply.outcome) {
    case 'changed':
      return {
        title: 'Plan changed',
        description:
          reply.charged > 0
            ? `Now on ${plan}; ${formatUsd(reply.charged)} was charged to the tenant's card.`
            : `Now on ${plan}.`,
      };
    case 'scheduled':
      return {
        title: 'Plan change scheduled',
        description: `Changes to ${plan} on ${dateOf(reply.effectiveAt)}.`,
      };
    case 'withdrawn':
      return { title: 'Plan change dropped', description: `Stays on ${plan}.` };
  }
}
