import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { webhookEndpointDecider } from './domain/endpoint/decide.js';
import { webhookEndpointEventSchema } from './domain/endpoint/events.js';

/**
 * A tenant's webhook endpoint: its stream category, its decider, and how a stored event is read back (validated;
 * an upcaster for a `.v2` type would go here).
 */
export const webhookEndpoints = defineAggregate({
  category: 'notifications_webhookendpoint',
  decider: webhookEndpointDecider,
  decode: storedEventDecoder(webhookEndpointEventSchema),
});
