import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { customerDecider } from '../domain/customer/decide.js';
import { customerEventSchema } from '../domain/customer/events.js';

/**
 * A buyer's customers at the payment providers. The stream is keyed by the buyer's user id: one per buyer, found
 * without a lookup. Stored events are validated on the way back in; an upcaster for a `.v2` type would go here.
 */
export const customers = defineAggregate({
  category: 'billing_customer',
  decider: customerDecider,
  decode: storedEventDecoder(customerEventSchema),
});
