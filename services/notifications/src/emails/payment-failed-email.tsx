import { Button, Link, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { formatCents, formatMoment, greetingOf, subscriptionName } from '../domain/formatting.js';
import { billingMailFooter } from './billing-mail-footer.js';
import { EmailLayout, button, paragraph, link } from './email-layout.js';

type PaymentFailed = MessagePayload<'payment-failed'>;

export function paymentFailedSubject(failed: PaymentFailed): string {
  const amount = formatCents(failed.amountCents);
  return failed.nextAttemptAt === null
    ? `Action needed: ${amount} for ${subscriptionName(failed)} is overdue`
    : `Payment failed: ${amount} for ${subscriptionName(failed)}`;
}

/**
 * What the decline leaves: the retry billing scheduled, which charges whatever card is on file by then; or, after
 * the last retry, an overdue invoice that Pay now on the Billing page settles (services/billing/README.md
 * "Renewals and dunning").
 */
function whatHappensNext(failed: PaymentFailed): string {
  if (failed.nextAttemptAt === null) {
    return (
      'That was the last retry, so the invoice is now overdue and the subscription is suspended until it is ' +
      'paid. Pay it on the Billing page, with the card on file or a new one.'
    );
  }
  return (
    `We will try the card on file again on ${formatMoment(failed.nextAttemptAt)}. To pay with another card, ` +
    'replace it on the Billing page before then: the retry charges the new one.'
  );
}

/**
 * A renewal's charge was declined (billing.invoice.payment-failed.v1): what happened, in the issuer's words, and
 * when the next retry is, or that there is none left.
 */
export function PaymentFailedEmail(failed: PaymentFailed) {
  const amount = formatCents(failed.amountCents);
  const overdue = failed.nextAttemptAt === null;
  return (
    <EmailLayout
      preview={`We could not collect ${amount} for ${subscriptionName(failed)}`}
      heading={overdue ? 'Your renewal payment is overdue' : 'Your renewal payment failed'}
      footer={billingMailFooter}
    >
      <Text style={paragraph}>{greetingOf(failed.firstName)}</Text>
      <Text style={paragraph}>
        {`We could not collect the renewal payment of ${amount} for ${subscriptionName(failed)} (invoice ${failed.invoiceNumber}) on ${formatMoment(failed.failedAt)}.`}
      </Text>
      <Text style={paragraph}>{`The card's issuer said: “${failed.declineMessage}”`}</Text>
      <Text style={paragraph}>{whatHappensNext(failed)}</Text>
      <Button href={failed.billingUrl} style={button}>
        {overdue ? 'Pay now' : 'Update card'}
      </Button>
      <Text style={paragraph}>
        The invoice:{' '}
        <Link href={failed.invoiceUrl} style={link}>
          {failed.invoiceUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
