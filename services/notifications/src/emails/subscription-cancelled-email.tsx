import { Button, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { capitalised, formatMoment, greetingOf, subscriptionName } from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type Cancelled = MessagePayload<'subscription-cancelled'>;

export function subscriptionCancelledSubject(cancelled: Cancelled): string {
  return `${capitalised(subscriptionName(cancelled))} is cancelled`;
}

/**
 * Tenancy cancelled the subscription (tenancy.subscription.status-changed.v1 to cancelled): an admin at once,
 * with the reason they gave, or the end of a term set to cancel, whose reason says so.
 */
export function SubscriptionCancelledEmail(cancelled: Cancelled) {
  const name = subscriptionName(cancelled);
  return (
    <EmailLayout
      preview={`${capitalised(name)} is cancelled`}
      heading="Your subscription is cancelled"
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(cancelled.firstName)}</Text>
      <Text style={paragraph}>
        {`${capitalised(name)} was cancelled on ${formatMoment(cancelled.cancelledAt)}. It will not renew, and nothing more is charged for it.`}
      </Text>
      {cancelled.reason ? <Text style={paragraph}>{`Reason: ${cancelled.reason}`}</Text> : null}
      <Text style={paragraph}>
        Your invoices stay on the Billing page. To use the product again, subscribe to it from the catalogue.
      </Text>
      <Button href={cancelled.billingUrl} style={button}>
        Open Billing
      </Button>
    </EmailLayout>
  );
}
