import { userEventSchema, type UserEvent } from '../domain/user/events.js';
import { streamName, type EventStore, type RecordedEvent } from '@app/eventing';
import { userDecider } from '../domain/user/decide.js';
import type { UserState } from '../domain/user/user.js';

export const userCategory = 'identity_user';
export const userStream = (userId: string): string => streamName(userCategory, userId);

/** Stored events are validated on the way back in; an upcaster for a `.v2` type would go here. */
export function decodeUserEvent(recorded: RecordedEvent): UserEvent {
  return userEventSchema.parse({ type: recorded.type, data: recorded.data });
}

/** The account as its own stream tells it: the truth the read model follows. */
export async function readUserState(eventStore: EventStore, userId: string): Promise<UserState> {
  const { events } = await eventStore.readStream(userStream(userId));
  return events.map(decodeUserEvent).reduce(userDecider.evolve, userDecider.initialState());
}
