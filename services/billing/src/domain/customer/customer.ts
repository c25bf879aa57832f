import type { CustomerEvent } from './events.js';
import type { ProviderName } from '../../payments/payment-provider.js';

/** A buyer's customers, one per provider billing has charged them through. */
export type CustomerState =
  | { status: 'absent' }
  | { status: 'created'; userId: string; providerCustomerIds: Partial<Record<ProviderName, string>> };

export const initialState = (): CustomerState => ({ status: 'absent' });

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerCreated': {
      const { userId, provider, providerCustomerId } = event.data;
      const known = state.status === 'created' ? state.providerCustomerIds : {};
      return { status: 'created', userId, providerCustomerIds: { ...known, [provider]: providerCustomerId } };
    }
  }
}

/** The buyer's customer at `provider`, if billing has made one. */
export function customerAt(state: CustomerState, provider: ProviderName): string | null {
  return state.status === 'created' ? (state.providerCustomerIds[provider] ?? null) : null;
}
