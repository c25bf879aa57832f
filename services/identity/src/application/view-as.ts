import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { viewAsDecider } from '../domain/view-as/decide.js';
import { viewAsEventSchema } from '../domain/view-as/events.js';

/** An admin's view of a customer's account (issue 21 item 3): its own stream per view. */
export const viewAsSessions = defineAggregate({
  category: 'identity_viewas',
  decider: viewAsDecider,
  decode: storedEventDecoder(viewAsEventSchema),
});
