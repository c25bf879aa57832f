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

/** A subscription that reports progress between its events, as SubscribeOptions.onProgress promises. */
function source(items: Array<number | { progress: number }>) {
  return (onProgress: (position: Position) => void) =>
    (async function* () {
      for (const item of items) {
        if (typeof item === 'number') yield event(item);
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

  it('rethrows the subscription’s failure after what came before it', async () => {
    const failing = (onProgress: (position: Position) => void) =>
      (async function* () {
        yield event(1);
        onProgress(at(2));
        throw new Error('store gone');
      })();
    const pump = new EventPump(failing, 100, new AbortController().signal);
    await pump.finished;
    expect(await pump.take(10)).toEqual({ events: [event(1)], through: at(2) });
    await expect(pump.take(10)).rejects.toThrow('store gone');
  });
});
