import { billingSubjects, type BillingIntegrationEvent, type IntegrationEnvelope } from '@app/contracts';
import { categoryOf, type RecordedEvent } from '@app/eventing';
import { publishedEnvelopeOf } from '@app/service-kit/runtime';
import { customers } from '../application/customers.js';
import { invoices } from '../application/invoices.js';
import { payments } from '../application/payments.js';
import { terms } from '../application/terms.js';
import type { InvoiceEvent } from '../domain/invoice/events.js';

/**
 * Stored billing events → the public `billing.*.v1` contract (libs/contracts billing/integration-events.ts).
 * Published: a new provider customer (identity's stripeCustomerId), a confirmed checkout (tenancy starts the
 * subscription), a paid invoice (tenancy's totalSpent, and a renewal's subscription active again), a declined
 * renewal charge (notifications mails the payer) and an overdue renewal (tenancy suspends the subscription), the
 * end of a term set to cancel (tenancy cancels the subscription), a plan change made (tenancy records the plan
 * and price) and a renewal 3 days ahead (notifications mails the reminder). A scheduled, withdrawn or declined
 * plan change, a card change, a payment's creation and declines, and an invoice's issue and collection attempts
 * begun, stay billing's own. Nothing card-like crosses, not even brand and last four: a reminder says only whether
 * a card is on file.
 */
export function toIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  const envelope = publishedEnvelopeOf(recorded);
  const published = ((): BillingIntegrationEvent | null => {
    switch (categoryOf(recorded.streamName)) {
      case customers.category: {
        const event = customers.decode(recorded);
        // A card change stays billing's own: nothing card-like is published.
        if (event.type !== 'CustomerCreated') return null;
        return { ...envelope, type: billingSubjects.customerCreated, data: event.data };
      }
      case payments.category: {
        const event = payments.decode(recorded);
        if (event.type !== 'PaymentSucceeded' || event.data.kind !== 'checkout') return null;
        const { paymentId, userId, tenantId, productId, plan, amountCents, currency, succeededAt } =
          event.data;
        return {
          ...envelope,
          type: billingSubjects.checkoutCompleted,
          data: {
            paymentId,
            userId,
            tenantId,
            productId,
            plan,
            amountCents,
            currency,
            completedAt: succeededAt,
          },
        };
      }
      case invoices.category: {
        const event = invoices.decode(recorded);
        if (event.type === 'InvoiceOverdue') {
          const { paymentId: _none, ...data } = event.data;
          return { ...envelope, type: billingSubjects.invoiceOverdue, data };
        }
        if (event.type === 'InvoicePaymentFailed') return paymentFailed(envelope, event.data);
        if (event.type !== 'InvoicePaid') return null;
        const {
          invoiceId,
          number,
          userId,
          tenantId,
          subscriptionId,
          productId,
          amountCents,
          currency,
          periodStart,
          periodEnd,
          paidAt,
        } = event.data;
        // An invoice paid before InvoicePaid carried its period is published without one.
        const period = periodStart && periodEnd ? { periodStart, periodEnd } : {};
        return {
          ...envelope,
          type: billingSubjects.invoicePaid,
          data: {
            invoiceId,
            number,
            userId,
            tenantId,
            subscriptionId,
            productId,
            amountCents,
            currency,
            ...period,
            paidAt,
          },
        };
      }
      case terms.category: {
        const event = terms.decode(recorded);
        if (event.type === 'TermEnded')
          return { ...envelope, type: billingSubjects.termEnded, data: event.data };
        if (event.type === 'PlanChanged')
          return { ...envelope, type: billingSubjects.planChanged, data: event.data };
        if (event.type === 'RenewalAnnounced') {
          const data = { ...event.data, currency: 'usd' as const };
          return { ...envelope, type: billingSubjects.renewalUpcoming, data };
        }
        return null;
      }
      default:
        return null;
    }
  })();
  return published;
}

type PaymentFailedData = Extract<InvoiceEvent, { type: 'InvoicePaymentFailed' }>['data'];

/**
 * A declined renewal charge, from its stored event alone. A failure stored before the event repeated the invoice's
 * facts is not published (its invoice's later events were, and the mail it would have called for is long due).
 */
function paymentFailed(
  envelope: ReturnType<typeof publishedEnvelopeOf>,
  failure: PaymentFailedData,
): BillingIntegrationEvent | null {
  const { invoice, dunning, paymentId: _payment, ...attempt } = failure;
  if (invoice === undefined || dunning === undefined) return null;
  const { tenantId, subscriptionId } = invoice;
  // Only renewals are collected, and a renewal names its subscription and tenant from issue.
  if (tenantId === null || subscriptionId === null) return null;
  return {
    ...envelope,
    type: billingSubjects.invoicePaymentFailed,
    data: { ...invoice, ...attempt, tenantId, subscriptionId, dunning },
  };
}
