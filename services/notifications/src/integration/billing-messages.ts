import type pg from 'pg';
import {
  billingIntegrationEventSchema,
  type BillingIntegrationEvent,
  type IntegrationEnvelope,
} from '@app/contracts';
import { enqueueEmail } from '../outbox/enqueue-email.js';
import type { AppLinks } from './app-links.js';
import { productNameOf } from './copies.js';
import { enqueueToOwner } from './owner-mail.js';
import { recordPaidPeriod } from './paid-periods.js';

type BillingEvent<Type extends BillingIntegrationEvent['type']> = Extract<
  BillingIntegrationEvent,
  { type: Type }
>;

/**
 * The receipt goes to the user who bought (the invoice's `userId`), as the invoice is addressed to them. A paid
 * invoice's period is kept whatever the switches say, for the date a cancellation takes effect.
 */
async function receipt(
  event: BillingEvent<'billing.invoice.paid.v1'>,
  tx: pg.PoolClient,
  links: AppLinks,
  now: Date,
): Promise<void> {
  await recordPaidPeriod(tx, event.data);
  const { invoiceId, number, userId, productId, amountCents, currency, periodStart, periodEnd, paidAt } =
    event.data;
  const productName = await productNameOf(tx, productId);
  await enqueueEmail(tx, {
    eventId: event.id,
    message: 'receipt',
    userId,
    now,
    payload: (recipient) => ({
      firstName: recipient.firstName,
      invoiceId,
      number,
      amountCents,
      currency,
      paidAt,
      productName,
      // Messages published before billing added the period carry none; the receipt then leaves it out.
      periodStart: periodStart ?? null,
      periodEnd: periodEnd ?? null,
      invoiceUrl: links.invoicePage(invoiceId),
      pdfUrl: links.invoicePdf(invoiceId),
    }),
  });
}

/** Billing's word on a plan change, not tenancy's copy of it, so the prorated charge can be stated. */
function planChanged(
  event: BillingEvent<'billing.subscription.plan-changed.v1'>,
  tx: pg.PoolClient,
  links: AppLinks,
  now: Date,
): Promise<void> {
  const { kind, fromPlan, plan, previousAmountCents, amountCents, prorationCents, invoiceId, changedAt } =
    event.data;
  return enqueueToOwner(tx, {
    event,
    message: 'plan-changed',
    now,
    payload: ({ recipient, tenantName, productName }) => ({
      firstName: recipient.firstName,
      tenantName,
      productName,
      kind,
      fromPlan,
      plan,
      previousAmountCents,
      amountCents,
      prorationCents,
      changedAt,
      invoiceUrl: invoiceId === null ? null : links.invoicePage(invoiceId),
      billingUrl: links.billingPage(),
    }),
  });
}

/**
 * A declined renewal charge, to the tenant's owner, whose card renewals charge: while billing retries, and at the
 * last retry, when the invoice goes overdue. A decline of an invoice already overdue (Pay now, whose answer the
 * customer sees on the page, or its attempt on a later anniversary) sends nothing: the suspension mail said so.
 */
function paymentFailed(
  event: BillingEvent<'billing.invoice.payment-failed.v1'>,
  tx: pg.PoolClient,
  links: AppLinks,
  now: Date,
): Promise<void> {
  const { invoiceId, number, amountCents, failedAt, message, nextAttemptAt, dunning } = event.data;
  if (dunning === 'already-overdue') return Promise.resolve();
  return enqueueToOwner(tx, {
    event,
    message: 'payment-failed',
    now,
    payload: ({ recipient, tenantName, productName }) => ({
      firstName: recipient.firstName,
      tenantName,
      productName,
      invoiceNumber: number,
      amountCents,
      failedAt,
      declineMessage: message,
      nextAttemptAt: dunning === 'retry-scheduled' ? nextAttemptAt : null,
      invoiceUrl: links.invoicePage(invoiceId),
      billingUrl: links.billingPage(),
    }),
  });
}

/**
 * A bill 3 days ahead, to the tenant's owner: a trial's end, with what it will charge and whether a card is on
 * file, or a paid month's renewal. Billing announces each once, and only for a subscription that will renew.
 */
function renewalUpcoming(
  event: BillingEvent<'billing.subscription.renewal-upcoming.v1'>,
  tx: pg.PoolClient,
  links: AppLinks,
  now: Date,
): Promise<void> {
  const { kind, plan, amountCents, renewsAt, cardOnFile } = event.data;
  const billingUrl = links.billingPage();
  if (kind === 'trial-end') {
    return enqueueToOwner(tx, {
      event,
      message: 'trial-ending',
      now,
      payload: ({ recipient, tenantName, productName }) => ({
        firstName: recipient.firstName,
        tenantName,
        productName,
        plan,
        amountCents,
        endsAt: renewsAt,
        cardOnFile,
        billingUrl,
      }),
    });
  }
  return enqueueToOwner(tx, {
    event,
    message: 'renewal-reminder',
    now,
    payload: ({ recipient, tenantName, productName }) => ({
      firstName: recipient.firstName,
      tenantName,
      productName,
      plan,
      amountCents,
      renewsAt,
      billingUrl,
    }),
  });
}

/** Billing's events that call for mail, queued in the transaction that records the message (README "Sends"). */
export function billingMessageHandler(links: AppLinks, now: () => Date) {
  return async (envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> => {
    const parsed = billingIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type === 'billing.invoice.paid.v1') await receipt(event, tx, links, now());
    if (event.type === 'billing.subscription.plan-changed.v1') await planChanged(event, tx, links, now());
    if (event.type === 'billing.invoice.payment-failed.v1') await paymentFailed(event, tx, links, now());
    if (event.type === 'billing.subscription.renewal-upcoming.v1')
      await renewalUpcoming(event, tx, links, now());
  };
}
