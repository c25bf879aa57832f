import type { PlanChanged, PlanChangeScheduled, TermEvent, UpgradeStarted } from './events.js';

/**
 * A subscription's terms as billing decided them: the terms it ended (a subscription bought again may end again
 * later), the last plan change made, a downgrade waiting for the next renewal, an upgrade charge in flight, and
 * the latest renewal announced (renewals only move forward, so one no later than it was announced already).
 */
export interface TermState {
  endedAt: readonly string[];
  lastChange: PlanChanged | null;
  scheduled: PlanChangeScheduled | null;
  upgrade: UpgradeInFlight | null;
  announcedRenewalAt: string | null;
}

/** An upgrade's charge begun, and the provider's payment waiting for the customer's 3-D Secure step, if it is. */
export type UpgradeInFlight = UpgradeStarted & {
  awaiting: { providerPaymentId: string; since: string } | null;
};

export const initialState = (): TermState => ({
  endedAt: [],
  lastChange: null,
  scheduled: null,
  upgrade: null,
  announcedRenewalAt: null,
});

export function evolve(state: TermState, event: TermEvent): TermState {
  switch (event.type) {
    case 'TermEnded':
      return { ...state, endedAt: [...state.endedAt, event.data.endedAt], scheduled: null };
    case 'PlanChangeScheduled':
      return { ...state, scheduled: event.data };
    case 'PlanChangeWithdrawn':
      return { ...state, scheduled: null };
    case 'UpgradeStarted':
      return { ...state, upgrade: { ...event.data, awaiting: null } };
    case 'UpgradeAwaitingAuthentication': {
      if (state.upgrade === null) return state;
      const { providerPaymentId, awaitingSince: since } = event.data;
      return { ...state, upgrade: { ...state.upgrade, awaiting: { providerPaymentId, since } } };
    }
    case 'UpgradeDeclined':
      return { ...state, upgrade: null };
    case 'PlanChanged':
      return { ...state, lastChange: event.data, scheduled: null, upgrade: null };
    case 'RenewalAnnounced':
      return { ...state, announcedRenewalAt: event.data.renewsAt };
  }
}

/**
 * The plan the subscription is on by billing's own record, when it changed plan in its current cycle: a
 * subscription cancelled and bought again starts its new cycle on the plan it was bought with.
 */
export function changedPlanSince(state: TermState, cycleStart: string) {
  const change = state.lastChange;
  return change !== null && Date.parse(change.changedAt) >= Date.parse(cycleStart) ? change : null;
}
