import type { RecordedEvent } from './event-store.js';

/**
 * How an aggregate's stored events are read back (its `decode`): the recorded type and data validated by the
 * service's stored-event union, a zod discriminated union on `type` (described here by shape). Throws on an event
 * the union does not know; an upcaster for a `.v2` type would wrap this.
 */
export function storedEventDecoder<Event>(union: {
  parse(input: unknown): Event;
}): (recorded: RecordedEvent) => Event {
  return (recorded) => union.parse({ type: recorded.type, data: recorded.data });
}
