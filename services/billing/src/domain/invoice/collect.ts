import type { InvoiceEvent } from './events.js';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { daysAfter } from './billing-period.js';
import type { RecordAttemptOutcome, StartPaymentAttempt } from './commands.js';
import type { InvoiceState, IssuedInvoice } from './invoice.js';

export const invoiceNotFound = 'Invoice not found';

/** The facts every later event of the invoice repeats, so each can be published on its own. */
export function factsOf(invoice: IssuedInvoice) {
  const { invoiceId, number, userId, tenantId, subscriptionId, productId, paymentId, amountCents, currency } =
    invoice;
  return { invoiceId, number, userId, tenantId, subscriptionId, productId, paymentId, amountCents, currency };
}

function existing(state: InvoiceState): IssuedInvoice {
  if (state.status === 'absent') throw new NotFoundError(invoiceNotFound);
  return state;
}

/**
 * One attempt at a time, in order. A repeat of the attempt in flight adds nothing (the runner resumes it after a
 * crash); a paid invoice has nothing left to collect.
 */
export function startAttempt(command: StartPaymentAttempt, state: InvoiceState): InvoiceEvent[] {
  const invoice = existing(state);
  const { invoiceId, attempt, paymentId, providerCustomerId, paymentMethodId } = command.data;
  if (invoice.status === 'paid') return [];
  if (invoice.subscriptionId === null) {
    throw new IllegalStateError('Only a renewal invoice is collected from the saved card');
  }
  if (invoice.inFlight !== null) {
    if (invoice.inFlight.attempt === attempt && invoice.inFlight.paymentId === paymentId) return [];
    throw new IllegalStateError(`Collection attempt ${invoice.inFlight.attempt} is still in flight`);
  }
  if (attempt !== invoice.attempts + 1) {
    throw new IllegalStateError(
      `Collection attempt ${attempt} is not the next one (${invoice.attempts + 1})`,
    );
  }
  return [
    {
      type: 'InvoicePaymentAttempted',
      data: {
        invoiceId,
        attempt,
        paymentId,
        providerCustomerId,
        paymentMethodId,
        attemptedAt: command.metadata.now,
      },
    },
  ];
}

/**
 * The attempt's outcome. Paid on success. A decline of a pending invoice schedules the next retry
 * `retryAfterDays[n - 1]` days after the first attempt, or, when the schedule is spent, makes it overdue; a
 * decline of an overdue invoice (its attempt on a later anniversary) leaves it overdue. A repeat adds nothing.
 */
export function recordOutcome(command: RecordAttemptOutcome, state: InvoiceState): InvoiceEvent[] {
  const invoice = existing(state);
  const { attempt, paymentId, outcome, retryAfterDays } = command.data;
  const now = command.metadata.now;
  if (invoice.status === 'paid') return [];
  const inFlight = invoice.inFlight;
  if (inFlight === null || inFlight.attempt !== attempt || inFlight.paymentId !== paymentId) {
    if (attempt <= invoice.attempts) return [];
    throw new IllegalStateError(`No collection attempt ${attempt} is in flight`);
  }
  const facts = factsOf(invoice);
  if (outcome.status === 'succeeded') {
    const { periodStart, periodEnd } = invoice;
    return [{ type: 'InvoicePaid', data: { ...facts, paymentId, periodStart, periodEnd, paidAt: now } }];
  }
  const { code, declineCode, message } = outcome;
  const { invoiceId, paymentId: _settledBy, ...published } = facts;
  const failure = {
    invoiceId,
    attempt,
    paymentId,
    code,
    declineCode,
    message,
    failedAt: now,
    invoice: published,
  };
  if (invoice.status === 'overdue') {
    return [
      {
        type: 'InvoicePaymentFailed',
        data: { ...failure, nextAttemptAt: null, dunning: 'already-overdue' },
      },
    ];
  }
  const retryDays = retryAfterDays[attempt - 1];
  if (retryDays !== undefined) {
    const firstAttemptAt = invoice.firstAttemptAt ?? inFlight.attemptedAt;
    const nextAttemptAt = daysAfter(firstAttemptAt, retryDays);
    return [
      { type: 'InvoicePaymentFailed', data: { ...failure, nextAttemptAt, dunning: 'retry-scheduled' } },
    ];
  }
  if (facts.subscriptionId === null) throw new Error(`Invoice ${invoiceId} renews no subscription`);
  return [
    { type: 'InvoicePaymentFailed', data: { ...failure, nextAttemptAt: null, dunning: 'now-overdue' } },
    { type: 'InvoiceOverdue', data: { ...facts, subscriptionId: facts.subscriptionId, overdueAt: now } },
  ];
}
