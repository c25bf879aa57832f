import { Button, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { formatCents, formatDay, formatMoment, greetingOf, planName } from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type TrialEnding = MessagePayload<'trial-ending'>;

/** "Your Analytics Pro trial for Acme Corp", or without the product when its name never arrived. */
function trialName(trial: TrialEnding): string {
  const product = trial.productName ? `${trial.productName} ` : '';
  return `Your ${product}trial for ${trial.tenantName}`;
}

export function trialEndingSubject(trial: TrialEnding): string {
  return `${trialName(trial)} ends on ${formatDay(trial.endsAt)}`;
}

/**
 * What the first bill charges: to the card on file, or, with none, nothing until one is added (billing charges
 * no renewal without a card).
 */
function theFirstBill(trial: TrialEnding): string {
  const charge = `${formatCents(trial.amountCents)} a month on the ${planName(trial.plan)} plan`;
  return trial.cardOnFile
    ? `Then we will charge ${charge} to the card on file, the first time on ${formatDay(trial.endsAt)}.`
    : `It then costs ${charge}, but no card is on file yet: add one on the Billing page before then, so the first bill can be paid.`;
}

/**
 * A trial's first bill 3 days ahead (billing.subscription.renewal-upcoming.v1, kind trial-end): when the trial
 * ends, what will be charged then, and to add a card if none is on file.
 */
export function TrialEndingEmail(trial: TrialEnding) {
  return (
    <EmailLayout
      preview={`${trialName(trial)} ends on ${formatDay(trial.endsAt)}`}
      heading="Your free trial ends soon"
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(trial.firstName)}</Text>
      <Text style={paragraph}>{`${trialName(trial)} ends on ${formatMoment(trial.endsAt)}.`}</Text>
      <Text style={paragraph}>{theFirstBill(trial)}</Text>
      <Text style={paragraph}>
        Not continuing? Cancel it on the Billing page before then, and nothing is charged.
      </Text>
      <Button href={trial.billingUrl} style={button}>
        {trial.cardOnFile ? 'Open Billing' : 'Add card'}
      </Button>
    </EmailLayout>
  );
}
