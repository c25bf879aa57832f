import { BACKWARDS, END, FORWARDS, START, streamNameFilter, type Position } from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  type ReadStreamResult,
  type RecordedEvent,
  type StreamRevision,
} from '../event-store.js';
import type { KurrentClient } from './kurrent-client.js';
import { isStreamNotFound, mapKurrentError, StreamDeletedError } from './kurrent-errors.js';
import { recordedAtOf, toRecordedEvent } from './kurrent-mapping.js';

export interface ReadContext {
  client: () => KurrentClient;
  target: string;
}

/**
 * A stream for a command: from the leader, since the command decides on it and appends at its revision
 * (`requiresLeader`; a follower may not have the newest events). A stream an operator deleted is refused
 * with StreamDeletedError: tombstoned, the client says so; soft-deleted, it reads as missing but keeps its
 * truncate-before mark, and an append would continue its old revisions, so it must not pass for a new stream.
 */
export async function readStreamEvents(context: ReadContext, stream: string): Promise<ReadStreamResult> {
  const client = context.client();
  const events: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(stream, { requiresLeader: true })) {
      if (resolved.event) events.push(toRecordedEvent(resolved.event));
    }
  } catch (error) {
    if (!isStreamNotFound(error)) throw mapKurrentError(error, { target: context.target, stream });
    if (await wasSoftDeleted(context, stream)) throw new StreamDeletedError(stream);
    return { events: [], revision: 'no_stream' };
  }
  const last = events.at(-1);
  return { events, revision: last ? last.revision : 'no_stream' };
}

async function wasSoftDeleted(context: ReadContext, stream: string): Promise<boolean> {
  try {
    const { metadata } = await context.client().getStreamMetadata(stream, { requiresLeader: true });
    return metadata?.truncateBefore !== undefined;
  } catch (error) {
    throw mapKurrentError(error, { target: context.target, stream });
  }
}

/** The revision of the stream's last event, one event read backwards; `no_stream` when it has none. */
export async function lastRevisionOf(
  context: ReadContext,
  stream: string,
): Promise<StreamRevision | 'no_stream'> {
  try {
    const newest = context.client().readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
      requiresLeader: true,
    });
    for await (const resolved of newest) if (resolved.event) return Number(resolved.event.revision);
    return 'no_stream';
  } catch (error) {
    if (isStreamNotFound(error)) return 'no_stream';
    throw mapKurrentError(error, { target: context.target, stream });
  }
}

function categoryFilter(category: string) {
  return streamNameFilter({ prefixes: [`${category}-`] });
}

/**
 * The newest event of a category: one filtered read backwards from the end of $all. The server looks through
 * the log until it finds one (the bridge passes no search window), so HeadTracker calls it rarely.
 */
export async function readNewestOf(context: ReadContext, category: string): Promise<Position | 'start'> {
  try {
    const newest = context.client().readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: categoryFilter(category),
    });
    for await (const resolved of newest) if (resolved.event?.position) return resolved.event.position;
    return 'start';
  } catch (error) {
    throw mapKurrentError(error, { target: context.target });
  }
}

/**
 * When the first event of the categories after `after` was recorded; null when there is none. A read from a
 * position includes the event at it, so two are enough to get past the checkpoint's own.
 */
export async function firstRecordedAfter(
  context: ReadContext,
  categories: readonly string[],
  after: Position | 'start',
): Promise<Date | null> {
  try {
    const next = context.client().readAll({
      direction: FORWARDS,
      fromPosition: after === 'start' ? START : after,
      maxCount: 2,
      filter: streamNameFilter({ prefixes: categories.map((category) => `${category}-`) }),
    });
    for await (const resolved of next) {
      const event = resolved.event;
      // Not mapped whole: an unreadable event is lag all the same, and its time is all that is needed.
      if (event?.position && comparePositions(event.position, after) > 0) return recordedAtOf(event.created);
    }
    return null;
  } catch (error) {
    throw mapKurrentError(error, { target: context.target });
  }
}
