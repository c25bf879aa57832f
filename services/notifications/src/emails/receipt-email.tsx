import { Button, Link, Section, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { formatCents, formatDay, formatMoment, greetingOf } from '../domain/formatting.js';
import { brand } from './brand.js';
import { EmailLayout, button, paragraph, link } from './email-layout.js';

type Receipt = MessagePayload<'receipt'>;

export function receiptSubject(receipt: Receipt): string {
  return `Receipt for ${receipt.number}: ${formatCents(receipt.amountCents)} paid`;
}

/** The receipt for a paid invoice (billing.invoice.paid.v1): what was paid, for what, and where the invoice is. */
export function ReceiptEmail(receipt: Receipt) {
  const amount = formatCents(receipt.amountCents);
  const period =
    receipt.periodStart && receipt.periodEnd
      ? `${formatDay(receipt.periodStart)} – ${formatDay(receipt.periodEnd)}`
      : null;
  return (
    <EmailLayout
      preview={`${amount} paid for invoice ${receipt.number}`}
      heading="Thanks for your payment"
      footer={`You receive receipts because Email Notifications is on in your ${brand.name} settings.`}
    >
      <Text style={paragraph}>{greetingOf(receipt.firstName)}</Text>
      <Text style={paragraph}>
        We received your payment of {amount}
        {receipt.productName ? ` for ${receipt.productName}` : ''}. Invoice {receipt.number} is paid.
      </Text>
      <Section>
        <Text style={paragraph}>
          Invoice: {receipt.number}
          <br />
          Amount paid: {amount}
          <br />
          {period ? (
            <>
              Period: {period}
              <br />
            </>
          ) : null}
          Paid on: {formatMoment(receipt.paidAt)}
        </Text>
      </Section>
      <Button href={receipt.invoiceUrl} style={button}>
        View invoice
      </Button>
      <Text style={paragraph}>
        Download the PDF:{' '}
        <Link href={receipt.pdfUrl} style={link}>
          {receipt.pdfUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
