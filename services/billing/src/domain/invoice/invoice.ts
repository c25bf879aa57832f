import type { InvoiceEvent, InvoiceIssued } from './events.js';

export type InvoiceFacts = InvoiceIssued['data'];

/** A collection attempt: the off-session charge of one saved card, under one billing payment id. */
export interface CollectionAttempt {
  attempt: number;
  paymentId: string;
  providerCustomerId: string;
  paymentMethodId: string;
  attemptedAt: string;
}

/** Where collecting a renewal stands (README "Renewals and dunning"); a checkout's invoice never needs it. */
export interface Collection {
  /** Attempts whose outcome is recorded. */
  attempts: number;
  /** When attempt 1 began: the retries are scheduled from it. */
  firstAttemptAt: string | null;
  /** When the latest recorded attempt began. */
  lastAttemptAt: string | null;
  /** While pending, when the next attempt is due; null when none is scheduled. */
  nextAttemptAt: string | null;
  /** Begun and not yet recorded (billing stopped between the charge and its record): resumed, never redone. */
  inFlight: CollectionAttempt | null;
}

/**
 * Absent until issued; pending until a payment settles it (a renewal's failed attempts keep it pending while
 * retries are scheduled); overdue after the last scheduled retry failed; paid for good, from pending or overdue.
 */
export type InvoiceState =
  | { status: 'absent' }
  | ({ status: 'pending' } & InvoiceFacts & Collection)
  | ({ status: 'overdue'; overdueAt: string } & InvoiceFacts & Collection)
  | ({ status: 'paid'; paidAt: string; paidBy: string } & InvoiceFacts & Collection);

export type IssuedInvoice = Exclude<InvoiceState, { status: 'absent' }>;

export const initialState = (): InvoiceState => ({ status: 'absent' });

export function evolve(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  if (event.type === 'InvoiceIssued') {
    const data = event.data;
    // A renewal (no payment at issue) is charged at once; a checkout's invoice is paid in the same decision.
    const nextAttemptAt = data.paymentId === null ? data.issuedAt : null;
    return {
      status: 'pending',
      ...data,
      attempts: 0,
      firstAttemptAt: null,
      lastAttemptAt: null,
      nextAttemptAt,
      inFlight: null,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'InvoiceTenantAssigned':
      return { ...state, tenantId: event.data.tenantId };
    case 'InvoicePaymentAttempted': {
      const { invoiceId: _invoiceId, ...attempt } = event.data;
      return { ...state, inFlight: attempt, firstAttemptAt: state.firstAttemptAt ?? attempt.attemptedAt };
    }
    case 'InvoicePaymentFailed':
      return {
        ...state,
        attempts: event.data.attempt,
        lastAttemptAt: state.inFlight?.attemptedAt ?? event.data.failedAt,
        nextAttemptAt: event.data.nextAttemptAt,
        inFlight: null,
      };
    case 'InvoiceOverdue':
      return state.status === 'paid'
        ? state
        : { ...state, status: 'overdue', overdueAt: event.data.overdueAt, nextAttemptAt: null };
    case 'InvoicePaid':
      return {
        ...state,
        status: 'paid',
        paidAt: event.data.paidAt,
        paidBy: event.data.paymentId,
        attempts: state.inFlight?.attempt ?? state.attempts,
        lastAttemptAt: state.inFlight?.attemptedAt ?? state.lastAttemptAt,
        nextAttemptAt: null,
        inFlight: null,
      };
  }
}
