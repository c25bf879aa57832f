import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, initialFields, moneyText } from '@app/service-kit/audit';
import { invoices } from '../application/invoices.js';
import type { InvoiceEvent } from '../domain/invoice/events.js';
import type { InvoiceState } from '../domain/invoice/invoice.js';

const actions = {
  InvoiceIssued: 'invoice.issued',
  InvoicePaid: 'invoice.paid',
  InvoicePaymentAttempted: 'invoice.payment-attempted',
  InvoicePaymentFailed: 'invoice.payment-failed',
  InvoiceOverdue: 'invoice.overdue',
  InvoiceTenantAssigned: 'invoice.tenant-assigned',
} as const satisfies Record<InvoiceEvent['type'], AuditDescription['action']>;

const statusOf = (state: InvoiceState) => (state.status === 'absent' ? null : state.status);
const day = (iso: string) => iso.slice(0, 10);

function changesOf(event: InvoiceEvent, before: InvoiceState, after: InvoiceState): AuditChange[] {
  const status = changedFields([['Status', statusOf(before), statusOf(after)]]);
  switch (event.type) {
    case 'InvoiceIssued':
      return initialFields([
        ['Number', event.data.number],
        ['Amount', moneyText(event.data.amountCents)],
        ['Period', `${day(event.data.periodStart)} to ${day(event.data.periodEnd)}`],
        ['Subscription', event.data.subscriptionId],
        ['Status', statusOf(after)],
      ]);
    case 'InvoicePaid':
    case 'InvoiceOverdue':
      return status;
    case 'InvoicePaymentAttempted':
      return changedFields([['Collection attempt', null, event.data.attempt]]);
    case 'InvoicePaymentFailed':
      return changedFields([
        ['Collection attempt', null, event.data.attempt],
        ['Declined', null, `${event.data.message} (${event.data.declineCode ?? event.data.code})`],
        ['Next attempt', null, event.data.nextAttemptAt === null ? 'none' : day(event.data.nextAttemptAt)],
      ]);
    case 'InvoiceTenantAssigned':
      return changedFields([
        ['Tenant', before.status === 'absent' ? null : before.tenantId, event.data.tenantId],
      ]);
    default:
      return assertNever(event);
  }
}

/** An invoice by its number: issued, each collection attempt, paid or overdue; the payer's account, its tenant. */
export function describeInvoiceEvent(
  event: InvoiceEvent,
  before: InvoiceState,
  after: InvoiceState,
): AuditDescription {
  const facts = after.status === 'absent' ? null : after;
  return {
    action: actions[event.type],
    entity: { type: 'invoice', id: event.data.invoiceId, label: facts?.number ?? null },
    tenantId: facts?.tenantId ?? null,
    accountId: facts?.userId ?? null,
    changes: changesOf(event, before, after),
  };
}

export const invoicesAudit = auditedAggregate(invoices, describeInvoiceEvent);
