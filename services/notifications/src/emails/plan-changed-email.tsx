import { Button, Link, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import {
  capitalised,
  formatCents,
  formatMoment,
  greetingOf,
  planName,
  subscriptionName,
} from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph, link } from './email-layout.js';

type PlanChanged = MessagePayload<'plan-changed'>;

export function planChangedSubject(change: PlanChanged): string {
  return `${capitalised(subscriptionName(change))} is now on ${planName(change.plan)}`;
}

/** What was charged, and what each renewal bills from now on, in one sentence per kind of change. */
function whatItCosts(change: PlanChanged): string {
  const monthly = `${formatCents(change.amountCents)}/month`;
  const previous = `${formatCents(change.previousAmountCents)}/month`;
  if (change.kind === 'downgrade') {
    return `This renewal and each after it bill ${monthly} (it was ${previous}).`;
  }
  const charged =
    change.prorationCents > 0
      ? `We charged ${formatCents(change.prorationCents)} for the rest of the current billing period`
      : 'Nothing was charged for the rest of the current billing period';
  return `${charged}, and from the next renewal it bills ${monthly} (it was ${previous}).`;
}

/**
 * The plan changed (billing.subscription.plan-changed.v1): an upgrade at once with its prorated charge, or a
 * downgrade at the renewal it was scheduled for with the new price.
 */
export function PlanChangedEmail(change: PlanChanged) {
  const name = subscriptionName(change);
  const plans = `from ${planName(change.fromPlan)} to ${planName(change.plan)}`;
  const when =
    change.kind === 'upgrade'
      ? `on ${formatMoment(change.changedAt)}`
      : `at its renewal on ${formatMoment(change.changedAt)}`;
  return (
    <EmailLayout
      preview={`${capitalised(name)} changed ${plans}`}
      heading={change.kind === 'upgrade' ? 'Your plan is upgraded' : 'Your plan is downgraded'}
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(change.firstName)}</Text>
      <Text style={paragraph}>{`${capitalised(name)} changed ${plans} ${when}.`}</Text>
      <Text style={paragraph}>{whatItCosts(change)}</Text>
      {change.invoiceUrl ? (
        <Text style={paragraph}>
          The charge is on this invoice:{' '}
          <Link href={change.invoiceUrl} style={link}>
            {change.invoiceUrl}
          </Link>
        </Text>
      ) : null}
      <Button href={change.billingUrl} style={button}>
        Open Billing
      </Button>
    </EmailLayout>
  );
}
