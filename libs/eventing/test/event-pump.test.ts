import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../src/event-store.js';
import { EventPump } from '../src/projections/event-pump.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

function event(n: number): RecordedEvent {
  return {
    id: `e${n}`,
    type: 'ThingHappened',
    data: {},
    metadata: {},
    streamName: 'test_thing-1',
    revision: n,
    position: at(n),
    recordedAt: new Date(0),
  };
}

/**
 * A subscription read in pages that reports progress between them, as SubscribeOptions.onProgress promises: a
 * number is a page of one event, an array a page of several.
 */
function source(items: Array<number | number[] | { progress: number }>) {
  return (onProgress: (position: Position) => void) =>
    (async function* () {
      for (const item of items) {
        if (typeof item === 'number') yield [event(item)];
        else if (Array.isArray(item)) yield item.map(event);
        else onProgress(at(item.progress));
      }
    })();
}

describe('EventPump', () => {
  it('keeps progress in order with the events and lets a batch checkpoint at the furthest of it', async () => {
    const pump = new EventPump(
      source([1, { progress: 5 }, { progress: 9 }, 10, { progress: 14 }]),
      100,
      new AbortController().signal,
    );
    await pump.finished;
    const batch = await pump.take(1);
    expect(batch).toEqual({ events: [event(1)], through: at(9) });
    expect(await pump.take(10)).toEqual({ events: [event(10)], through: at(14) });
    expect(await pump.take(10)).toBeNull();
  });

  it('gives progress alone as a batch without events, so a reader can checkpoint past unrelated events', async () => {
    const pump = new EventPump(source([{ progress: 3 }, { progress: 7 }]), 100, new AbortController().signal);
    await pump.finished;
    expect(await pump.take(10)).toEqual({ events: [], through: at(7) });
  });

  it('splits a page across batches in order, and checkpoints each batch at its own last event', async () => {
    const pump = new EventPump(source([[1, 2, 3, 4, 5], { progress: 8 }]), 100, new AbortController().signal);
    await pump.finished;
    expect(await pump.take(2)).toEqual({ events: [event(1), event(2)], through: at(2) });
    expect(await pump.take(2)).toEqual({ events: [event(3), event(4)], through: at(4) });
    expect(await pump.take(2)).toEqual({ events: [event(5)], through: at(8) });
    expect(await pump.take(2)).toBeNull();
  });

  it('stops reading pages once it holds its capacity, and reads on as batches are taken', async () => {
    let pagesRead = 0;
    const pages = (async function* () {
      for (let page = 0; page < 4; page += 1) {
        pagesRead += 1;
        yield [1, 2, 3].map((n) => event(page * 3 + n));
      }
    })();
    const pump = new EventPump(() => pages, 5, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // 6 events held (two pages) is past the capacity of 5: the third page waits.
    expect(pagesRead).toBe(2);
    expect((await pump.take(4))?.events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pagesRead).toBe(3);
    const rest = [];
    for (let batch = await pump.take(100); batch; batch = await pump.take(100)) rest.push(...batch.events);
    expect(rest.map((e) => e.id)).toEqual(['e5', 'e6', 'e7', 'e8', 'e9', 'e10', 'e11', 'e12']);
  });

  it('rethrows the subscription’s failure after what came before it', async () => {
    const failing = (onProgress: (position: Position) => void) =>
      (async function* () {
        yield [event(1)];
        onProgress(at(2));
        throw new Error('store gone');
      })();
    const pump = new EventPump(failing, 100, new AbortController().signal);
    await pump.finished;
    expect(await pump.take(10)).toEqual({ events: [event(1)], through: at(2) });
    await expect(pump.take(10)).rejects.toThrow('store gone');
  });
});
