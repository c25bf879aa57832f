import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../src/event-store.js';
import { subscribeEventByEvent, subscribeInPages } from '../src/paged-subscription.js';

function event(n: number): RecordedEvent {
  return {
    id: `e${n}`,
    type: 'ThingHappened',
    data: {},
    metadata: {},
    streamName: 'test_thing-1',
    revision: n,
    position: { commit: BigInt(n), prepare: BigInt(n) },
    recordedAt: new Date(0),
  };
}

/** Only what subscribeInPages touches; the rest of the port is never called. */
function storeWith(methods: Partial<EventStore> & { subscribePages?: unknown }): EventStore {
  return methods as EventStore;
}

async function pagesOf(pages: AsyncIterable<readonly RecordedEvent[]>): Promise<string[][]> {
  const read: string[][] = [];
  for await (const page of pages) read.push(page.map((item) => item.id));
  return read;
}

const options = { from: 'start' as const, categories: ['test_thing'], signal: new AbortController().signal };

describe('subscribeInPages', () => {
  it("reads a store's own pages when it has them", async () => {
    const store = storeWith({
      subscribe: () => {
        throw new Error('not used when the store reads in pages');
      },
      subscribePages: async function* () {
        yield [event(1), event(2)];
        yield [event(3)];
      },
    });
    expect(await pagesOf(subscribeInPages(store, options))).toEqual([['e1', 'e2'], ['e3']]);
  });

  it('reads any other store event by event, each a page of one, and passes its failure on after them', async () => {
    const store = storeWith({
      subscribe: async function* () {
        yield event(1);
        yield event(2);
        throw new Error('store gone');
      },
    });
    const read: string[][] = [];
    const error = await (async () => {
      for await (const page of subscribeInPages(store, options)) read.push(page.map((item) => item.id));
    })().catch((caught: unknown) => caught);
    expect(read).toEqual([['e1'], ['e2']]);
    expect(error).toEqual(new Error('store gone'));
  });
  it('reads even a store with pages event by event for a live runner', async () => {
    const store = storeWith({
      subscribe: async function* () {
        yield event(1);
        yield event(2);
      },
      subscribePages: () => {
        throw new Error('not used event by event');
      },
    });
    expect(await pagesOf(subscribeEventByEvent(store, options))).toEqual([['e1'], ['e2']]);
  });
});
