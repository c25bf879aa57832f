import type { SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { SubscriptionEvent } from './events.js';

export interface SubscriptionFacts {
  subscriptionId: string;
  tenantId: string;
  productId: string;
  plan: SubscriptionPlan;
  /** The price agreed at the start (ARCHITECTURE.md "Decisions": Tenants), or at the last plan change, in cents. */
  amountCents: number;
  domainUrl: string | null;
  /** Sealed for `subscription:<id>:metricsApiKey`; the decider never holds the key itself. */
  metricsApiKey: SealedSecret | null;
  startedAt: string;
  /** When a cancellation at the end of the paid period was asked for; null when none is pending. */
  cancellationScheduledAt: string | null;
  /** Billing's time of the newest plan change recorded; null before any. */
  planChangedAt: string | null;
}

/** Absent until started, then one of the four statuses of SPEC.md §3. */
export type SubscriptionState = { status: 'absent' } | ({ status: SubscriptionStatus } & SubscriptionFacts);

export const initialState = (): SubscriptionState => ({ status: 'absent' });

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted':
      return {
        ...event.data,
        domainUrl: null,
        metricsApiKey: null,
        cancellationScheduledAt: null,
        planChangedAt: null,
      };
    case 'SubscriptionStatusChanged': {
      if (state.status === 'absent') return state;
      const { status } = event.data;
      // However it came to an end, nothing is left to cancel later.
      const cancellationScheduledAt = status === 'cancelled' ? null : state.cancellationScheduledAt;
      return { ...state, status, cancellationScheduledAt };
    }
    case 'SubscriptionCancellationScheduled':
      return state.status === 'absent'
        ? state
        : { ...state, cancellationScheduledAt: event.data.scheduledAt };
    case 'SubscriptionCancellationWithdrawn':
      return state.status === 'absent' ? state : { ...state, cancellationScheduledAt: null };
    case 'SubscriptionPlanChanged': {
      if (state.status === 'absent') return state;
      const { plan, amountCents, changedAt } = event.data;
      return { ...state, plan, amountCents, planChangedAt: changedAt };
    }
    case 'SubscriptionEndpointConfigured': {
      if (state.status === 'absent') return state;
      const { domainUrl, metricsApiKey } = event.data;
      return { ...state, domainUrl, metricsApiKey };
    }
  }
}
