import type { CustomerEvent } from './events.js';
import type { ProviderName } from '../../payments/payment-provider.js';

/** A card change the buyer started: open until the provider saves a card with it, then saved for good. */
export interface CardSetup {
  provider: ProviderName;
  providerSetupId: string;
  status: 'open' | 'saved';
}

/** A buyer's customers, one per provider billing has charged them through, and the card changes they started. */
export type CustomerState =
  | { status: 'absent' }
  | {
      status: 'created';
      userId: string;
      providerCustomerIds: Partial<Record<ProviderName, string>>;
      setups: Readonly<Record<string, CardSetup>>;
    };

export const initialState = (): CustomerState => ({ status: 'absent' });

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerCreated': {
      const { userId, provider, providerCustomerId } = event.data;
      const known = state.status === 'created' ? state.providerCustomerIds : {};
      const setups = state.status === 'created' ? state.setups : {};
      return {
        status: 'created',
        userId,
        providerCustomerIds: { ...known, [provider]: providerCustomerId },
        setups,
      };
    }
    case 'CardSetupStarted': {
      if (state.status !== 'created') return state;
      const { setupId, provider, providerSetupId } = event.data;
      return {
        ...state,
        setups: { ...state.setups, [setupId]: { provider, providerSetupId, status: 'open' } },
      };
    }
    case 'PaymentMethodSaved': {
      const setup = state.status === 'created' ? state.setups[event.data.setupId] : undefined;
      if (state.status !== 'created' || !setup) return state;
      return { ...state, setups: { ...state.setups, [event.data.setupId]: { ...setup, status: 'saved' } } };
    }
    case 'CardSetupFailed':
      return state;
  }
}

/** The buyer's customer at `provider`, if billing has made one. */
export function customerAt(state: CustomerState, provider: ProviderName): string | null {
  return state.status === 'created' ? (state.providerCustomerIds[provider] ?? null) : null;
}

/** A card change this buyer started, or null: another buyer's setup id is not one of theirs. */
export function setupOf(state: CustomerState, setupId: string): CardSetup | null {
  return state.status === 'created' ? (state.setups[setupId] ?? null) : null;
}
