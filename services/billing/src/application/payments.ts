import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { paymentDecider } from '../domain/payment/decide.js';
import { paymentEventSchema } from '../domain/payment/events.js';

/**
 * One charge at the provider, a checkout's or a renewal's: its stream category, its decider, and how a stored
 * event is read back (validated; an upcaster for a `.v2` type would go here).
 */
export const payments = defineAggregate({
  category: 'billing_payment',
  decider: paymentDecider,
  decode: storedEventDecoder(paymentEventSchema),
});
