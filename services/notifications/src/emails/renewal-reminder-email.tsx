import { Button, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import {
  capitalised,
  formatCents,
  formatDay,
  formatMoment,
  greetingOf,
  planName,
  subscriptionName,
} from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type RenewalReminder = MessagePayload<'renewal-reminder'>;

export function renewalReminderSubject(reminder: RenewalReminder): string {
  return `${capitalised(subscriptionName(reminder))} renews on ${formatDay(reminder.renewsAt)}`;
}

/**
 * A renewal 3 days ahead (billing.subscription.renewal-upcoming.v1, kind renewal): when, what it charges, and that
 * the Billing page changes the card or cancels it before then.
 */
export function RenewalReminderEmail(reminder: RenewalReminder) {
  const name = subscriptionName(reminder);
  const amount = formatCents(reminder.amountCents);
  return (
    <EmailLayout
      preview={`${capitalised(name)} renews on ${formatDay(reminder.renewsAt)} for ${amount}`}
      heading="Your subscription renews soon"
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(reminder.firstName)}</Text>
      <Text style={paragraph}>
        {`${capitalised(name)} renews on ${formatMoment(reminder.renewsAt)}. We will charge ${amount} to the card on file for another month on the ${planName(reminder.plan)} plan.`}
      </Text>
      <Text style={paragraph}>
        To pay with another card, replace it on the Billing page before then. No longer needed? Cancel it
        there and it ends with the current period instead of renewing.
      </Text>
      <Button href={reminder.billingUrl} style={button}>
        Open Billing
      </Button>
    </EmailLayout>
  );
}
