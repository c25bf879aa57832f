import type { InvoiceEvent } from './events.js';
import { IllegalStateError, assertNever, type Decider } from '@app/domain';
import { assignTenant } from './assign-tenant.js';
import { oneMonthAfter } from './billing-period.js';
import { recordOutcome, startAttempt } from './collect.js';
import type { InvoiceCommand, IssueInvoice } from './commands.js';
import { evolve, initialState, type InvoiceState } from './invoice.js';

/**
 * Issues once. The invoice id of a checkout is derived from its payment, and a renewal's from its subscription
 * and period, so issuing again (a retried confirmation, a webhook after the Sandbox answered, a second renewal
 * runner or one reading a view that lags) finds the invoice there and adds nothing; the number allocated for the
 * repeat is left unused.
 */
function issue(command: IssueInvoice, state: InvoiceState): InvoiceEvent[] {
  const { settledBy, period, proration, ...facts } = command.data;
  const now = command.metadata.now;
  const periodStart = period?.start ?? now;
  const periodEnd = period?.end ?? oneMonthAfter(now);
  if (state.status !== 'absent') {
    if (settledBy !== null && state.paymentId === settledBy) return [];
    const sameRenewal =
      settledBy === null &&
      facts.subscriptionId !== null &&
      state.subscriptionId === facts.subscriptionId &&
      state.periodStart === periodStart;
    if (sameRenewal) return [];
    throw new IllegalStateError('An invoice with this id already exists');
  }
  const issued: InvoiceEvent = {
    type: 'InvoiceIssued',
    data: {
      ...facts,
      ...(proration === undefined ? {} : { proration }),
      paymentId: settledBy,
      periodStart,
      periodEnd,
      issuedAt: now,
    },
  };
  if (settledBy === null) return [issued];
  return [
    issued,
    { type: 'InvoicePaid', data: { ...facts, paymentId: settledBy, periodStart, periodEnd, paidAt: now } },
  ];
}

export function decide(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice':
      return issue(command, state);
    case 'StartPaymentAttempt':
      return startAttempt(command, state);
    case 'RecordAttemptOutcome':
      return recordOutcome(command, state);
    case 'AssignInvoiceTenant':
      return assignTenant(command, state);
    default:
      return assertNever(command);
  }
}

export const invoiceDecider: Decider<InvoiceState, InvoiceCommand, InvoiceEvent> = {
  initialState,
  evolve,
  decide,
};
