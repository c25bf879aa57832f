import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields } from '@app/service-kit/audit';
import { customers } from '../application/customers.js';
import type { CustomerEvent } from '../domain/customer/events.js';
import type { CustomerState } from '../domain/customer/customer.js';
import { cardText } from './card-text.js';

const actions = {
  CustomerCreated: 'billing-account.created',
  CardSetupStarted: 'billing-account.card-setup-started',
  PaymentMethodSaved: 'billing-account.card-saved',
  CardSetupFailed: 'billing-account.card-setup-failed',
} as const satisfies Record<CustomerEvent['type'], AuditDescription['action']>;

function changesOf(event: CustomerEvent): AuditChange[] {
  switch (event.type) {
    case 'CustomerCreated':
      return changedFields([
        ['Payment provider', null, event.data.provider],
        ['Provider customer', null, event.data.providerCustomerId],
      ]);
    case 'CardSetupStarted':
      return changedFields([['Card replacement', null, 'started']]);
    case 'PaymentMethodSaved':
      return changedFields([['Card on file', null, cardText(event.data.card)]]);
    case 'CardSetupFailed':
      return changedFields([['Refused', null, `${event.data.message} (${event.data.code})`]]);
    default:
      return assertNever(event);
  }
}

/** A buyer's billing account (stream per user): the provider customer and the card on file, never more of it. */
export function describeCustomerEvent(
  event: CustomerEvent,
  _before: CustomerState,
  _after: CustomerState,
): AuditDescription {
  const { userId } = event.data;
  return {
    action: actions[event.type],
    entity: { type: 'billing-account', id: userId, label: null },
    tenantId: null,
    accountId: userId,
    changes: changesOf(event),
  };
}

export const customersAudit = auditedAggregate(customers, describeCustomerEvent);
