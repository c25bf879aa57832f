import { Button, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { capitalised, formatDay, greetingOf, subscriptionName } from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type Scheduled = MessagePayload<'cancellation-scheduled'>;

/** "on Dec 27, 2026", or the period's end when no paid invoice said when it is (README "Messages"). */
function whenItEnds(scheduled: Scheduled): string {
  return scheduled.endsAt ? `on ${formatDay(scheduled.endsAt)}` : 'at the end of the current billing period';
}

export function cancellationScheduledSubject(scheduled: Scheduled): string {
  return `${capitalised(subscriptionName(scheduled))} is set to cancel`;
}

/**
 * Set to cancel at period end (tenancy.subscription.cancellation-scheduled.v1): it runs until its paid period
 * ends and does not renew; Resume on the Billing page takes it back.
 */
export function CancellationScheduledEmail(scheduled: Scheduled) {
  const name = subscriptionName(scheduled);
  const ends = whenItEnds(scheduled);
  return (
    <EmailLayout
      preview={`${capitalised(name)} ends ${ends}`}
      heading="Your subscription is set to cancel"
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(scheduled.firstName)}</Text>
      <Text style={paragraph}>
        {`${capitalised(name)} is set to cancel. It stays active until it ends ${ends}, and will not renew or be charged again.`}
      </Text>
      <Text style={paragraph}>Changed your mind? Resume it on the Billing page before then.</Text>
      <Button href={scheduled.billingUrl} style={button}>
        Open Billing
      </Button>
    </EmailLayout>
  );
}
