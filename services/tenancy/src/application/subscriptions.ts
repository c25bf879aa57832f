import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { subscriptionDecider } from '../domain/subscription/decide.js';
import { subscriptionEventSchema } from '../domain/subscription/events.js';

/**
 * A tenant's subscription to a product: its stream category, its decider, and how a stored event is read back
 * (validated; an upcaster for a `.v2` type would go here).
 */
export const subscriptions = defineAggregate({
  category: 'tenancy_subscription',
  decider: subscriptionDecider,
  decode: storedEventDecoder(subscriptionEventSchema),
});
