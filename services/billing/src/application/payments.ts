import { defineAggregate, type RecordedEvent } from '@app/eventing';
import { paymentDecider } from '../domain/payment/decide.js';
import { paymentEventSchema, type PaymentEvent } from '../domain/payment/events.js';

/**
 * One charge at the provider, a checkout's or a renewal's: its stream category, its decider, and how a stored
 * event is read back (validated; an upcaster for a `.v2` type would go here).
 */
export const payments = defineAggregate({
  category: 'billing_payment',
  decider: paymentDecider,
  decode: (recorded: RecordedEvent): PaymentEvent =>
    paymentEventSchema.parse({ type: recorded.type, data: recorded.data }),
});
