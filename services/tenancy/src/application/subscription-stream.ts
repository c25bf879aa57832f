import { subscriptionEventSchema, type SubscriptionEvent } from '../domain/subscription/events.js';
import { streamName, type EventStore, type RecordedEvent } from '@app/eventing';
import { subscriptionDecider } from '../domain/subscription/decide.js';
import type { SubscriptionState } from '../domain/subscription/subscription.js';

export const subscriptionCategory = 'tenancy_subscription';
export const subscriptionStream = (subscriptionId: string): string =>
  streamName(subscriptionCategory, subscriptionId);

/** Stored events are validated on the way back in; an upcaster for a `.v2` type would go here. */
export function decodeSubscriptionEvent(recorded: RecordedEvent): SubscriptionEvent {
  return subscriptionEventSchema.parse({ type: recorded.type, data: recorded.data });
}

/** The subscription as its own stream tells it, with the stream's revision. */
export async function readSubscription(
  eventStore: EventStore,
  subscriptionId: string,
): Promise<{ state: SubscriptionState; revision: number | 'no_stream' }> {
  const { events, revision } = await eventStore.readStream(subscriptionStream(subscriptionId));
  const state = events
    .map(decodeSubscriptionEvent)
    .reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  return { state, revision };
}

export async function readSubscriptionState(
  eventStore: EventStore,
  subscriptionId: string,
): Promise<SubscriptionState> {
  return (await readSubscription(eventStore, subscriptionId)).state;
}
