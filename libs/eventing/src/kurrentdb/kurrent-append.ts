import { ConcurrencyError } from '@app/domain';
import { jsonEvent } from '@kurrent/kurrentdb-client';
import { assertAppendable } from '../append-rules.js';
import { categoryOf, type AppendResult, type ExpectedRevision, type NewEvent } from '../event-store.js';
import type { ClientHolder } from './client-holder.js';
import type { HeadTracker } from './head-tracker.js';
import { mapKurrentError } from './kurrent-errors.js';
import { toStreamState } from './kurrent-mapping.js';
import { lastRevisionOf } from './kurrent-reads.js';

export interface AppendContext {
  clients: ClientHolder;
  target: string;
  heads: HeadTracker;
}

/**
 * Appends with the port's promises (EventStore.append): the shared refusals first; a conflict is a
 * ConcurrencyError, also when the client was told not to throw and resolves `{ success: false }`
 * (append.js:100-116); and a retry of events already stored, which the server acknowledges without writing
 * and without a position (Streams.Append.cs: NoPosition when nothing was committed), is a ConcurrencyError
 * too, as on PostgreSQL, never a second success.
 */
export async function appendEvents(
  context: AppendContext,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  assertAppendable(stream, events, expected);
  const client = context.clients.current;
  let result;
  try {
    result = await client.appendToStream(
      stream,
      events.map((event) =>
        jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata } }),
      ),
      { streamState: toStreamState(expected) },
    );
  } catch (error) {
    await context.clients.recoverFrom(client);
    throw mapKurrentError(error, { target: context.target, stream, expected });
  }
  if (!result.success) {
    // The client's revision here is unreliable (batchAppend.js:35-37 turns "has one" into 1), so ask the stream.
    const reads = { client: () => client, target: context.target };
    throw new ConcurrencyError(stream, expected, await lastRevisionOf(reads, stream));
  }
  if (!result.position) throw new ConcurrencyError(stream, expected, Number(result.nextExpectedRevision));
  context.heads.noteEvent(categoryOf(stream), result.position);
  return { nextRevision: Number(result.nextExpectedRevision), position: result.position };
}
