import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { termDecider } from '../domain/term/decide.js';
import { termEventSchema } from '../domain/term/events.js';

/**
 * The paid terms billing ended for subscriptions set to cancel at period end, one stream per subscription.
 * Stored events are validated on the way back in; an upcaster for a `.v2` type would go here.
 */
export const terms = defineAggregate({
  category: 'billing_term',
  decider: termDecider,
  decode: storedEventDecoder(termEventSchema),
});
