import type pg from 'pg';
import { isLiveSubscriptionStatus } from '@app/contracts';
import {
  aggregateStore,
  aggregateUniqueValues,
  type EventStore,
  type UniqueValueReservations,
} from '@app/eventing';
import { duplicateLiveSubscription } from '../domain/subscription/decide.js';
import { subscriptions } from './subscriptions.js';

/** The live slot of a (tenant, product) pair: the value a live subscription of the pair reserves. */
export const liveSlotOf = (tenantId: string, productId: string): string => `${tenantId}:${productId}`;

/**
 * The live slot of each (tenant, product) pair: the uniqueness the decider cannot see across streams, kept the
 * way slugs and emails are (unique-values.ts), with the subscription as the owner. Unlike a lock held for the
 * whole command, a reservation is one autocommit statement, so concurrent starts never hold a connection while
 * waiting for each other. 409 when another subscription holds the slot.
 */
export function createLiveSubscriptionSlots(db: pg.Pool, eventStore: EventStore): UniqueValueReservations {
  return aggregateUniqueValues({
    db,
    store: aggregateStore(eventStore, subscriptions),
    // A holder keeps its slot while its own stream says it is live; the read model may lag behind.
    valueOf: (state) =>
      state.status !== 'absent' && isLiveSubscriptionStatus(state.status)
        ? liveSlotOf(state.tenantId, state.productId)
        : null,
    table: { name: 'live_subscription_slots', valueColumn: 'pair', ownerColumn: 'subscription_id' },
    takenMessage: () => duplicateLiveSubscription,
  });
}
