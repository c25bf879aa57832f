import { invoiceEventTypes, type InvoiceEvent, type InvoiceProration } from '../domain/invoice/events.js';
import { foldedProjection } from '@app/eventing';
import { invoices } from '../application/invoices.js';

/** An invoices row as the projection keeps it; names follow the table's columns. */
type InvoiceRow = {
  id: string;
  number: string;
  user_id: string;
  tenant_id: string | null;
  subscription_id: string | null;
  product_id: string;
  payment_id: string | null;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'overdue';
  period_start: string;
  period_end: string;
  issued_at: string;
  paid_at: string | null;
  attempts: number;
  attempt_in_flight: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  last_failure_message: string | null;
  overdue_at: string | null;
  proration: InvoiceProration | null;
};

const invoiceColumns = [
  'id',
  'number',
  'user_id',
  'tenant_id',
  'subscription_id',
  'product_id',
  'payment_id',
  'amount_cents',
  'currency',
  'status',
  'period_start',
  'period_end',
  'issued_at',
  'paid_at',
  'attempts',
  'attempt_in_flight',
  'last_attempt_at',
  'next_attempt_at',
  'last_failure_message',
  'overdue_at',
  'proration',
] as const satisfies ReadonlyArray<keyof InvoiceRow>;

/**
 * The `invoices` read model (migrations/003_invoices.sql, 053_renewals.sql): GET /api/invoices with each invoice's
 * tenant (given at issue or assigned later), and the renewal runner's view of what is billed and what is still
 * to collect (a renewal is charged at issue, so its first attempt is due then). A batch is folded in memory and
 * written in one statement (@app/eventing foldedProjection).
 */
export const invoicesProjection = foldedProjection<InvoiceRow, InvoiceEvent>({
  name: 'billing.invoices.v1',
  eventTypes: invoiceEventTypes,
  table: 'invoices',
  key: ['id'],
  columns: invoiceColumns,
  decode: (recorded) => invoices.decode(recorded),
  rowKeyOf: (event) => ({ id: event.data.invoiceId }),
  fold: foldInvoiceEvent,
  async reset(tx) {
    await tx.query('TRUNCATE invoices');
  },
});

/** An invoice's row after one of its events; an event about an invoice not (yet) issued changes nothing. */
function foldInvoiceEvent(row: InvoiceRow | undefined, event: InvoiceEvent): InvoiceRow | undefined {
  if (event.type === 'InvoiceIssued') {
    if (row) return row;
    const data = event.data;
    return {
      id: data.invoiceId,
      number: data.number,
      user_id: data.userId,
      tenant_id: data.tenantId,
      subscription_id: data.subscriptionId,
      product_id: data.productId,
      payment_id: data.paymentId,
      amount_cents: data.amountCents,
      currency: data.currency,
      status: 'pending',
      period_start: data.periodStart,
      period_end: data.periodEnd,
      issued_at: data.issuedAt,
      paid_at: null,
      attempts: 0,
      attempt_in_flight: null,
      last_attempt_at: null,
      // A checkout's invoice comes with its payment; a renewal's first attempt is due at issue.
      next_attempt_at: data.paymentId === null ? data.issuedAt : null,
      last_failure_message: null,
      overdue_at: null,
      proration: data.proration ?? null,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case 'InvoicePaid':
      return {
        ...row,
        status: 'paid',
        payment_id: event.data.paymentId,
        paid_at: event.data.paidAt,
        next_attempt_at: null,
        attempts: row.attempt_in_flight ?? row.attempts,
        attempt_in_flight: null,
      };
    case 'InvoicePaymentAttempted':
      return {
        ...row,
        attempt_in_flight: event.data.attempt,
        last_attempt_at: event.data.attemptedAt,
        next_attempt_at: null,
      };
    case 'InvoicePaymentFailed':
      return {
        ...row,
        attempts: event.data.attempt,
        attempt_in_flight: null,
        next_attempt_at: event.data.nextAttemptAt,
        last_failure_message: event.data.message,
      };
    case 'InvoiceOverdue':
      if (row.status !== 'pending') return row;
      return { ...row, status: 'overdue', overdue_at: event.data.overdueAt, next_attempt_at: null };
    case 'InvoiceTenantAssigned':
      return { ...row, tenant_id: event.data.tenantId };
  }
}
