import type pg from 'pg';
import { isLiveSubscriptionStatus } from '@app/contracts';
import { aggregateStore, createUniqueValueReservations, type EventStore } from '@app/eventing';
import { duplicateLiveSubscription } from '../domain/subscription/decide.js';
import { subscriptions } from './subscriptions.js';

/**
 * The live slot of each (tenant, product) pair: the uniqueness the decider cannot see across streams, kept the
 * way slugs and emails are (unique-values.ts). Unlike a lock held for the whole command, a reservation is one
 * autocommit statement, so concurrent starts never hold a connection while waiting for each other.
 */
export interface LiveSubscriptionSlots {
  /** Resolves true when this call took the slot (so a failed command releases it); 409 when another holds it. */
  reserve(tenantId: string, productId: string, subscriptionId: string): Promise<boolean>;
  release(tenantId: string, productId: string, subscriptionId: string): Promise<void>;
}

const pairOf = (tenantId: string, productId: string): string => `${tenantId}:${productId}`;

export function createLiveSubscriptionSlots(db: pg.Pool, eventStore: EventStore): LiveSubscriptionSlots {
  const store = aggregateStore(eventStore, subscriptions);
  const reservations = createUniqueValueReservations({
    db,
    table: { name: 'live_subscription_slots', valueColumn: 'pair', ownerColumn: 'subscription_id' },
    // A holder keeps its slot while its own stream says it is live; the read model may lag behind.
    currentValueOf: async (subscriptionId) => {
      const { state } = await store.read(subscriptionId);
      return state.status !== 'absent' && isLiveSubscriptionStatus(state.status)
        ? pairOf(state.tenantId, state.productId)
        : null;
    },
    takenMessage: () => duplicateLiveSubscription,
  });
  return {
    reserve: (tenantId, productId, subscriptionId) =>
      reservations.reserve(pairOf(tenantId, productId), subscriptionId),
    release: (tenantId, productId, subscriptionId) =>
      reservations.release(pairOf(tenantId, productId), subscriptionId),
  };
}
