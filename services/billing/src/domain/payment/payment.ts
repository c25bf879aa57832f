import type { PaymentCreated, PaymentEvent } from '@app/contracts';

export type PaymentFacts = Omit<PaymentCreated['data'], 'createdAt'> & { createdAt: string };

/**
 * Absent until created; pending while the customer tries (each decline leaves it pending, as Stripe's
 * requires_payment_method does); succeeded once the provider confirms, for good.
 */
export type PaymentState =
  | { status: 'absent' }
  | ({ status: 'pending'; failures: number } & PaymentFacts)
  | ({ status: 'succeeded'; failures: number; succeededAt: string } & PaymentFacts);

export const initialState = (): PaymentState => ({ status: 'absent' });

export function evolve(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentCreated':
      return { status: 'pending', failures: 0, ...event.data };
    case 'PaymentFailed':
      return state.status === 'pending' ? { ...state, failures: state.failures + 1 } : state;
    case 'PaymentSucceeded':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'succeeded', succeededAt: event.data.succeededAt };
  }
}
