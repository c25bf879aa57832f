import type { ProviderGroup, TenantStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { TenantEvent } from './events.js';

/** One Service Providers group; the password only ever sealed (the decider never sees plaintext). */
export interface ProviderCredentials {
  url: string | null;
  username: string | null;
  password: SealedSecret | null;
}

export interface TenantFacts {
  tenantId: string;
  name: string;
  slug: string;
  ownerId: string | null;
  domainUrl: string | null;
  providers: Record<ProviderGroup, ProviderCredentials>;
  createdAt: string;
}

/** A tenant is absent until created, then active or suspended (SPEC.md §4: "active or other"). */
export type TenantState = { status: 'absent' } | ({ status: TenantStatus } & TenantFacts);

export const emptyProviderCredentials: ProviderCredentials = { url: null, username: null, password: null };

const noProviders = (): Record<ProviderGroup, ProviderCredentials> => ({
  domainRegistrar: emptyProviderCredentials,
  dnsServer: emptyProviderCredentials,
  emailProvider: emptyProviderCredentials,
  webHosting: emptyProviderCredentials,
});

export const initialState = (): TenantState => ({ status: 'absent' });

export function evolve(state: TenantState, event: TenantEvent): TenantState {
  switch (event.type) {
    case 'TenantCreated': {
      const { createdAt, ...facts } = event.data;
      return { ...facts, providers: noProviders(), createdAt };
    }
    case 'TenantRenamed':
      return state.status === 'absent' ? state : { ...state, name: event.data.name };
    case 'TenantStatusChanged':
      return state.status === 'absent' ? state : { ...state, status: event.data.status };
    case 'TenantDomainChanged':
      return state.status === 'absent' ? state : { ...state, domainUrl: event.data.domainUrl };
    case 'ProviderCredentialsChanged': {
      if (state.status === 'absent') return state;
      const { group, url, username, password } = event.data;
      return { ...state, providers: { ...state.providers, [group]: { url, username, password } } };
    }
    case 'CredentialRevealed':
      // An audit fact: who saw a password changes nothing about the tenant.
      return state;
  }
}
