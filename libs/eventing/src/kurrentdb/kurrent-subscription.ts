import {
  START,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type Position,
} from '@kurrent/kurrentdb-client';
import {
  categoryOf,
  type EventStoreLogger,
  type RecordedEvent,
  type SubscribeOptions,
} from '../event-store.js';
import { MalformedEventError } from '../malformed-event.js';
import { EventStoreUnavailableError } from '../storage-unavailable.js';
import type { HeadTracker } from './head-tracker.js';
import type { KurrentClient } from './kurrent-client.js';
import { mapKurrentError } from './kurrent-errors.js';
import { toRecordedEvent } from './kurrent-mapping.js';

export interface SubscriptionContext {
  client: () => KurrentClient;
  /** Host and port, for errors. */
  target: string;
  heads: HeadTracker;
  /** Aborted when the store closes. */
  storeSignal: AbortSignal;
  logger?: EventStoreLogger;
}

/**
 * The server looks through at most this many events of $all per page for a filtered subscription, and reports a
 * checkpoint every `checkpointIntervalMultiplier` pages (Enumerator.AllSubscriptionFiltered: checkpoint interval
 * = multiplier × max search window): a reader of a quiet category among busy ones checkpoints every 2,000
 * unrelated events instead of looking through all of them again after a restart.
 */
export const maxSearchWindow = 500;
export const checkpointIntervalMultiplier = 4;

/** A filter checkpoint, put in the subscription's own stream so it stays in order with the events. */
class ProgressMarker {
  constructor(readonly position: Position) {}
}

/**
 * Every event of the categories after `from`, in log order, then live, until the signal aborts. Ends only by
 * abort: a failure, a server-side cancel and a subscription the server ends without an error all throw
 * EventStoreUnavailableError, so readers back off and resubscribe. An event no handler could read throws
 * MalformedEventError naming it, so the reader can park it and resubscribe after it.
 */
export async function* subscribeToCategories(
  context: SubscriptionContext,
  options: SubscribeOptions,
): AsyncGenerator<RecordedEvent> {
  const { categories } = options;
  if (categories.length === 0) throw new Error('Subscribing needs at least one category');
  const signal = AbortSignal.any([options.signal, context.storeSignal]);
  if (signal.aborted) return;
  const wanted = new Set(categories);
  const subscription = context.client().subscribeToAll({
    fromPosition: options.from === 'start' ? START : options.from,
    filter: streamNameFilter({
      // Categories are whole stream-name prefixes up to the dash, so `${category}-` selects exactly them.
      prefixes: categories.map((category) => `${category}-`),
      maxSearchWindow,
      checkpointInterval: checkpointIntervalMultiplier,
      // Awaited inside the subscription's _transform before anything after the checkpoint is passed on
      // (Subscription.js:162-169), so the marker pushed here lands after the events it follows.
      checkpointReached: (readable, position) => void readable.push(new ProgressMarker(position)),
    }),
  });
  // The iteration below sees errors too; this listener only keeps a late one, after the iteration ended,
  // from becoming an unhandled 'error' event.
  subscription.on('error', () => undefined);
  let unfollow: (() => void) | undefined;
  // Emitted when the server says the subscription is live (Subscription.js:126-143).
  subscription.once('caughtUp', () => (unfollow = context.heads.follow(categories)));
  // Destroying the readable ends a pending iteration at once; `finally` then cancels the gRPC call.
  const stop = (): void => void subscription.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const item of subscription as AsyncIterable<AllStreamResolvedEvent | ProgressMarker>) {
      if (item instanceof ProgressMarker) {
        options.onProgress?.(item.position);
        continue;
      }
      const event = item.event;
      // System events ($-prefixed types or streams) and links are not domain events.
      if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) continue;
      const category = categoryOf(event.streamId);
      if (!wanted.has(category)) continue;
      const recorded = toRecordedEvent(event);
      context.heads.noteEvent(category, recorded.position);
      yield recorded;
      if (signal.aborted) return;
    }
    if (signal.aborted) return;
    throw new EventStoreUnavailableError(context.target, new Error('the server ended the subscription'));
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof MalformedEventError) throw error;
    const mapped = mapKurrentError(error, { target: context.target });
    context.logger?.error({ err: mapped, categories }, 'KurrentDB subscription failed');
    throw mapped;
  } finally {
    unfollow?.();
    signal.removeEventListener('abort', stop);
    await subscription.unsubscribe().catch(() => undefined);
  }
}
