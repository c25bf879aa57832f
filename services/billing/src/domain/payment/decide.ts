import type { PaymentEvent } from './events.js';
import { IllegalStateError, NotFoundError, assertNever, type Decider } from '@app/domain';
import { recordOffSessionCharge } from './off-session.js';
import type {
  CreatePayment,
  PaymentCommand,
  RecordPaymentFailure,
  RecordPaymentSuccess,
} from './commands.js';
import { evolve, initialState, type PaymentState } from './payment.js';

export const paymentNotFound = 'Payment not found';

type ExistingPayment = Exclude<PaymentState, { status: 'absent' }>;

/** A report about another provider payment than the one this payment was created with is refused. */
function reportedOn(state: PaymentState, providerPaymentId: string): ExistingPayment {
  if (state.status === 'absent') throw new NotFoundError(paymentNotFound);
  if (state.providerPaymentId !== providerPaymentId) {
    throw new IllegalStateError('The provider reported on a different payment than this one');
  }
  return state;
}

function create(command: CreatePayment, state: PaymentState): PaymentEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('A payment with this id already exists');
  return [{ type: 'PaymentCreated', data: { ...command.data, createdAt: command.metadata.now } }];
}

/** Confirmed once: a repeated confirmation (webhook retry, second confirm) changes nothing. */
function succeed(command: RecordPaymentSuccess, state: PaymentState): PaymentEvent[] {
  const payment = reportedOn(state, command.data.providerPaymentId);
  if (payment.status === 'succeeded') return [];
  const { paymentMethodId, card } = command.data;
  return [
    {
      type: 'PaymentSucceeded',
      data: {
        ...(payment.invoiceId === undefined ? {} : { invoiceId: payment.invoiceId }),
        paymentId: payment.paymentId,
        userId: payment.userId,
        tenantId: payment.tenantId,
        productId: payment.productId,
        plan: payment.plan,
        kind: payment.kind,
        amountCents: payment.amountCents,
        currency: payment.currency,
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        paymentMethodId,
        card,
        succeededAt: command.metadata.now,
      },
    },
  ];
}

/**
 * A decline after the payment succeeded (a late or reordered report) cannot undo the confirmation; a renewal's
 * charge already recorded as declined is not declined twice (Stripe's webhook repeats what the charge answered).
 */
function fail(command: RecordPaymentFailure, state: PaymentState): PaymentEvent[] {
  const payment = reportedOn(state, command.data.providerPaymentId);
  if (payment.status === 'succeeded' || payment.status === 'failed') return [];
  return [
    {
      type: 'PaymentFailed',
      data: { ...command.data, userId: payment.userId, failedAt: command.metadata.now },
    },
  ];
}

export function decide(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'CreatePayment':
      return create(command, state);
    case 'RecordPaymentSuccess':
      return succeed(command, state);
    case 'RecordPaymentFailure':
      return fail(command, state);
    case 'RecordOffSessionCharge':
      return recordOffSessionCharge(command, state);
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState,
  evolve,
  decide,
};
