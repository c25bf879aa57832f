import type { JsMsg } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { createHeldMessages } from '../src/nats/held-messages.js';

/** A delivery of stream sequence `seq`, counting its working() calls. */
function delivery(seq: number, deliveryCount = 1) {
  const message = { seq, info: { deliveryCount }, kept: 0, working: () => (message.kept += 1) };
  return message as typeof message & JsMsg;
}

describe('held messages', () => {
  it('takes the sequences asked for, in stream order, with the newest delivery of each', () => {
    const held = createHeldMessages();
    for (const seq of [7, 3, 5]) held.add(delivery(seq), 0);
    const again = delivery(3, 2);
    held.add(again, 0);
    expect(held.sequences()).toEqual([3, 5, 7]);
    const batch = held.take([7, 3]);
    expect(batch.map((message) => message.seq)).toEqual([3, 7]);
    expect(batch[0]).toBe(again);
    expect(held.sequences()).toEqual([5]);
  });

  it('holds again what a batch gives back, by its newest delivery, and forgets what it applied', () => {
    const held = createHeldMessages();
    for (const seq of [1, 2, 3]) held.add(delivery(seq), 0);
    const [, second, third] = held.take([1, 2, 3]);
    // Delivered again while taken: the one applied is not held, the one given back is, as delivered last.
    held.add(delivery(1, 2), 0);
    const newest = delivery(3, 2);
    held.add(newest, 0);
    held.add(delivery(4), 0);
    held.settle([second as JsMsg, third as JsMsg]);
    expect(held.sequences()).toEqual([2, 3, 4]);
    expect(held.take([3])[0]).toBe(newest);
  });

  it('keeps held and taken deliveries alive, and forgets only those it could not keep alive in time', () => {
    const held = createHeldMessages();
    const taken = delivery(1);
    const waiting = delivery(2);
    held.add(taken, 0);
    held.add(waiting, 0);
    held.take([1]);
    held.keepAlive(10_000);
    expect([taken.kept, waiting.kept]).toEqual([1, 1]);
    held.add(delivery(3), 15_000);
    expect(held.dropStale(40_000, 30_000)).toBe(1);
    expect(held.sequences()).toEqual([3]);
    expect(held.drain().map((message) => message.seq)).toEqual([1, 3]);
    expect(held.size).toBe(0);
  });
});
