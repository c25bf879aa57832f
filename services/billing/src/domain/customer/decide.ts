import type { CustomerEvent } from './events.js';
import { IllegalStateError, NotFoundError, assertNever, type Decider } from '@app/domain';
import type { CreateCustomer, CustomerCommand, RecordCardSetupOutcome, StartCardSetup } from './commands.js';
import { customerAt, evolve, initialState, setupOf, type CustomerState } from './customer.js';

export const cardSetupNotFound = 'Card change not found';

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

/** A setup is opened for the buyer's own customer at the provider; the same setup recorded again adds nothing. */
function startSetup(command: StartCardSetup, state: CustomerState): CustomerEvent[] {
  const { setupId, provider, providerSetupId, providerCustomerId } = command.data;
  if (state.status !== 'created' || customerAt(state, provider) !== providerCustomerId) {
    throw new IllegalStateError('A card can only be saved for the buyer’s own customer at the provider');
  }
  if (setupOf(state, setupId) !== null) return [];
  return [
    {
      type: 'CardSetupStarted',
      data: {
        setupId,
        userId: state.userId,
        provider,
        providerSetupId,
        providerCustomerId,
        startedAt: command.metadata.now,
      },
    },
  ];
}

/**
 * The provider's verdict on one of this buyer's setups, recorded once whichever way it arrived (the browser's
 * Sandbox confirmation, Stripe's webhook, or the page asking after Stripe.js): a saved card is the card on file
 * from now; a refusal is recorded per attempt, and one reported after the save (late or reordered) changes nothing.
 */
function recordOutcome(command: RecordCardSetupOutcome, state: CustomerState): CustomerEvent[] {
  const { setupId, outcome } = command.data;
  const setup = setupOf(state, setupId);
  if (state.status !== 'created' || setup === null || setup.providerSetupId !== outcome.providerSetupId) {
    throw new NotFoundError(cardSetupNotFound);
  }
  if (setup.status === 'saved') return [];
  const at = command.metadata.now;
  if (outcome.status === 'failed') {
    const { providerSetupId, code, declineCode, message } = outcome;
    return [
      {
        type: 'CardSetupFailed',
        data: { setupId, userId: state.userId, providerSetupId, code, declineCode, message, failedAt: at },
      },
    ];
  }
  return [
    {
      type: 'PaymentMethodSaved',
      data: {
        setupId,
        userId: state.userId,
        provider: setup.provider,
        paymentMethodId: outcome.paymentMethodId,
        card: outcome.card,
        savedAt: at,
      },
    },
  ];
}

export function decide(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'CreateCustomer':
      return create(command, state);
    case 'StartCardSetup':
      return startSetup(command, state);
    case 'RecordCardSetupOutcome':
      return recordOutcome(command, state);
    default:
      return assertNever(command);
  }
}

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState,
  evolve,
  decide,
};
