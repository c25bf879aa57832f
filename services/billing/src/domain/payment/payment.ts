import type { PaymentCreated, PaymentEvent } from './events.js';

export type PaymentFacts = Omit<PaymentCreated['data'], 'createdAt'> & { createdAt: string };

/**
 * Absent until created; a checkout stays pending while the customer tries (each decline leaves it pending, as
 * Stripe's requires_payment_method does); a renewal's off-session charge is decided at once and a decline is
 * final (the next attempt is another payment); succeeded once the provider confirms, for good.
 */
export type PaymentState =
  | { status: 'absent' }
  | ({ status: 'pending'; failures: number } & PaymentFacts)
  | ({ status: 'failed'; failures: number } & PaymentFacts)
  | ({ status: 'succeeded'; failures: number; succeededAt: string } & PaymentFacts);

export const initialState = (): PaymentState => ({ status: 'absent' });

export function evolve(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentCreated':
      return { status: 'pending', failures: 0, ...event.data };
    case 'PaymentFailed':
      if (state.status !== 'pending') return state;
      return {
        ...state,
        status: state.kind === 'renewal' ? 'failed' : 'pending',
        failures: state.failures + 1,
      };
    case 'PaymentSucceeded':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'succeeded', succeededAt: event.data.succeededAt };
  }
}
