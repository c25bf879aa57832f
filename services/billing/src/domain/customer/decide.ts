import type { CustomerEvent } from './events.js';
import { assertNever, type Decider } from '@app/domain';
import type { CreateCustomer, CustomerCommand } from './commands.js';
import { customerAt, evolve, initialState, type CustomerState } from './customer.js';

/**
 * The first customer at a provider is recorded; any later one for the same provider is not. Two checkouts that
 * raced to create it asked the provider with the same idempotency key and got the same customer back, so the
 * loser of the append has nothing to add.
 */
function create(command: CreateCustomer, state: CustomerState): CustomerEvent[] {
  const { userId, provider, providerCustomerId } = command.data;
  if (customerAt(state, provider) !== null) return [];
  return [
    {
      type: 'CustomerCreated',
      data: { userId, provider, providerCustomerId, createdAt: command.metadata.now },
    },
  ];
}

export function decide(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'CreateCustomer':
      return create(command, state);
    default:
      return assertNever(command.type);
  }
}

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState,
  evolve,
  decide,
};
