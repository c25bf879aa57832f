import type { SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { SubscriptionEvent } from './events.js';

export interface SubscriptionFacts {
  subscriptionId: string;
  tenantId: string;
  productId: string;
  plan: SubscriptionPlan;
  /** The price agreed at the start (ARCHITECTURE.md "Decisions": Tenants), in cents. */
  amountCents: number;
  domainUrl: string | null;
  /** Sealed for `subscription:<id>:metricsApiKey`; the decider never holds the key itself. */
  metricsApiKey: SealedSecret | null;
  startedAt: string;
}

/** Absent until started, then one of the four statuses of SPEC.md §3. */
export type SubscriptionState = { status: 'absent' } | ({ status: SubscriptionStatus } & SubscriptionFacts);

export const initialState = (): SubscriptionState => ({ status: 'absent' });

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted':
      return { ...event.data, domainUrl: null, metricsApiKey: null };
    case 'SubscriptionStatusChanged':
      return state.status === 'absent' ? state : { ...state, status: event.data.status };
    case 'SubscriptionEndpointConfigured': {
      if (state.status === 'absent') return state;
      const { domainUrl, metricsApiKey } = event.data;
      return { ...state, domainUrl, metricsApiKey };
    }
  }
}
