import type { PaymentEvent } from './events.js';
import type { RecordOffSessionCharge } from './commands.js';
import type { PaymentState } from './payment.js';

/**
 * An off-session charge is created and decided in one provider call, so both facts are recorded together. Recorded
 * once: the id names one attempt, and a repeat (a resumed attempt whose record was already made) adds nothing.
 */
export function recordOffSessionCharge(command: RecordOffSessionCharge, state: PaymentState): PaymentEvent[] {
  if (state.status !== 'absent') return [];
  const { outcome, ...facts } = command.data;
  const now = command.metadata.now;
  const { providerPaymentId } = outcome;
  const created: PaymentEvent = {
    type: 'PaymentCreated',
    data: { ...facts, providerPaymentId, createdAt: now },
  };
  const { providerCustomerId: _customer, ...paymentFacts } = facts;
  if (outcome.status === 'succeeded') {
    const { paymentMethodId, card } = outcome;
    return [
      created,
      {
        type: 'PaymentSucceeded',
        data: {
          ...paymentFacts,
          providerPaymentId,
          paymentMethodId,
          card,
          succeededAt: now,
        },
      },
    ];
  }
  const { code, declineCode, message } = outcome;
  return [
    created,
    {
      type: 'PaymentFailed',
      data: {
        paymentId: facts.paymentId,
        userId: facts.userId,
        providerPaymentId,
        code,
        declineCode,
        message,
        failedAt: now,
      },
    },
  ];
}
