import type { EventStore, PagedSubscriber, RecordedEvent, SubscribeOptions } from './event-store.js';

/**
 * A subscription read a page at a time: the store's own pages when it reads in pages (PagedSubscriber), else each
 * event as a page of one. Either way the events, their order, their failures and the progress reports between
 * them are those of `subscribe`.
 */
export function subscribeInPages(
  store: EventStore,
  options: SubscribeOptions,
): AsyncIterable<readonly RecordedEvent[]> {
  return readsInPages(store) ? store.subscribePages(options) : pagesOfOne(store.subscribe(options));
}

/**
 * The store's subscription as pages of one event, whatever the store can do: what a live runner reads. Its pump
 * then hands over what has arrived when the runner asks, often one event when it is idle, so an event that fails
 * holds back fewer of the events read with it than a whole page would.
 */
export function subscribeEventByEvent(
  store: EventStore,
  options: SubscribeOptions,
): AsyncIterable<readonly RecordedEvent[]> {
  return pagesOfOne(store.subscribe(options));
}

function readsInPages(store: EventStore): store is EventStore & PagedSubscriber {
  return typeof (store as Partial<PagedSubscriber>).subscribePages === 'function';
}

async function* pagesOfOne(events: AsyncIterable<RecordedEvent>): AsyncGenerator<readonly RecordedEvent[]> {
  for await (const event of events) yield [event];
}
