import type { InvoiceEvent, InvoiceIssued } from '@app/contracts';

export type InvoiceFacts = InvoiceIssued['data'];

/** Absent until issued; pending until a payment settles it; paid for good. */
export type InvoiceState =
  | { status: 'absent' }
  | ({ status: 'pending' } & InvoiceFacts)
  | ({ status: 'paid'; paidAt: string; paidBy: string } & InvoiceFacts);

export const initialState = (): InvoiceState => ({ status: 'absent' });

export function evolve(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued':
      return { status: 'pending', ...event.data };
    case 'InvoicePaid':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'paid', paidAt: event.data.paidAt, paidBy: event.data.paymentId };
  }
}
