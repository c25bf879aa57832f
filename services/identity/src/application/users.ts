import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { userDecider } from '../domain/user/decide.js';
import { userEventSchema } from '../domain/user/events.js';

/**
 * Identity's one aggregate, an account: its stream category, its decider, and how a stored event is read back
 * (validated; an upcaster for a `.v2` type would go here).
 */
export const users = defineAggregate({
  category: 'identity_user',
  decider: userDecider,
  decode: storedEventDecoder(userEventSchema),
});
