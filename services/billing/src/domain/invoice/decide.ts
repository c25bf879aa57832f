import type { InvoiceEvent } from '@app/contracts';
import { IllegalStateError, assertNever, type Decider } from '@app/domain';
import { oneMonthAfter } from './billing-period.js';
import type { InvoiceCommand, IssueInvoice } from './commands.js';
import { evolve, initialState, type InvoiceState } from './invoice.js';

/**
 * Issues once. The invoice id of a checkout is derived from its payment, so issuing again for the same payment
 * (a retried confirmation, a webhook after the Sandbox answered) finds the invoice there and adds nothing; the
 * number allocated for the repeat is left unused.
 */
function issue(command: IssueInvoice, state: InvoiceState): InvoiceEvent[] {
  const { settledBy, ...facts } = command.data;
  if (state.status !== 'absent') {
    if (settledBy !== null && state.paymentId === settledBy) return [];
    throw new IllegalStateError('An invoice with this id already exists');
  }
  const now = command.metadata.now;
  const issued: InvoiceEvent = {
    type: 'InvoiceIssued',
    data: { ...facts, paymentId: settledBy, periodStart: now, periodEnd: oneMonthAfter(now), issuedAt: now },
  };
  if (settledBy === null) return [issued];
  return [issued, { type: 'InvoicePaid', data: { ...facts, paymentId: settledBy, paidAt: now } }];
}

export function decide(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice':
      return issue(command, state);
    default:
      return assertNever(command.type);
  }
}

export const invoiceDecider: Decider<InvoiceState, InvoiceCommand, InvoiceEvent> = {
  initialState,
  evolve,
  decide,
};
