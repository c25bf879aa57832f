import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, initialFields, moneyText } from '@app/service-kit/audit';
import { payments } from '../application/payments.js';
import type { PaymentEvent } from '../domain/payment/events.js';
import type { PaymentState } from '../domain/payment/payment.js';
import { cardText } from './card-text.js';

const actions = {
  PaymentCreated: 'payment.created',
  PaymentSucceeded: 'payment.succeeded',
  PaymentFailed: 'payment.failed',
} as const satisfies Record<PaymentEvent['type'], AuditDescription['action']>;

function changesOf(event: PaymentEvent, before: PaymentState, after: PaymentState): AuditChange[] {
  const status = changedFields([
    [
      'Status',
      before.status === 'absent' ? null : before.status,
      after.status === 'absent' ? null : after.status,
    ],
  ]);
  switch (event.type) {
    case 'PaymentCreated':
      return initialFields([
        ['Amount', moneyText(event.data.amountCents)],
        ['Kind', event.data.kind],
        ['Product', event.data.productId],
        ['Plan', event.data.plan],
        ['Provider', event.data.provider],
        ['Status', after.status === 'absent' ? null : after.status],
      ]);
    case 'PaymentSucceeded':
      return [...status, ...changedFields([['Card', null, cardText(event.data.card)]])];
    case 'PaymentFailed':
      return [
        ...status,
        ...changedFields([
          ['Declined', null, `${event.data.message} (${event.data.declineCode ?? event.data.code})`],
        ]),
      ];
    default:
      return assertNever(event);
  }
}

/** One charge of a card: started, then succeeded or declined in the provider's words; the payer's account. */
export function describePaymentEvent(
  event: PaymentEvent,
  before: PaymentState,
  after: PaymentState,
): AuditDescription {
  const facts = after.status === 'absent' ? null : after;
  return {
    action: actions[event.type],
    entity: { type: 'payment', id: event.data.paymentId, label: null },
    tenantId: facts?.tenantId ?? null,
    accountId: event.data.userId,
    changes: changesOf(event, before, after),
  };
}

export const paymentsAudit = auditedAggregate(payments, describePaymentEvent);
