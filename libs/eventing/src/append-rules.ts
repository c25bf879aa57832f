import type { ExpectedRevision, NewEvent } from './event-store.js';

/**
 * What every adapter refuses before it writes anything (the port's promise on `append`): an empty append, a
 * negative or fractional expected revision, and an event id repeated within the append, which one store would
 * reject at commit and the other might store twice.
 */
export function assertAppendable(
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): void {
  if (events.length === 0) throw new Error(`Append to ${stream} needs at least one event`);
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new Error(`Expected revision of ${stream} must be a non-negative integer, got ${expected}`);
  }
  const ids = new Set(events.map((event) => event.id));
  if (ids.size !== events.length) throw new Error(`Append to ${stream} repeats an event id`);
}
