import { Button, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { capitalised, formatMoment, greetingOf, subscriptionName } from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type Suspended = MessagePayload<'subscription-suspended'>;

export function subscriptionSuspendedSubject(suspended: Suspended): string {
  return `Action needed: ${subscriptionName(suspended)} is suspended`;
}

/**
 * Tenancy suspended the subscription because billing's renewal stayed unpaid after its last retry
 * (tenancy.subscription.status-changed.v1 to suspended): what happened, and Pay now on the Billing page.
 */
export function SubscriptionSuspendedEmail(suspended: Suspended) {
  const name = subscriptionName(suspended);
  return (
    <EmailLayout
      preview={`${capitalised(name)} is suspended: the renewal is unpaid`}
      heading="Your subscription is suspended"
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(suspended.firstName)}</Text>
      <Text style={paragraph}>
        {`We could not collect the renewal payment for ${name}, and the last retry failed, so it was suspended on ${formatMoment(suspended.suspendedAt)}. Its invoice is overdue.`}
      </Text>
      <Text style={paragraph}>
        Pay the overdue invoice on the Billing page, with the card on file or a new one, and the subscription
        is active again.
      </Text>
      <Button href={suspended.billingUrl} style={button}>
        Pay now
      </Button>
    </EmailLayout>
  );
}
