import { describe, expect, it } from 'vitest';
import { mapBounded } from '../src/map-bounded.js';

/** A call that stays in flight until the test lets it finish, so overlap is counted, not timed. */
function gatedWork() {
  let inFlight = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  return {
    peak: () => peak,
    waiting,
    work: async (item: number) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return item * 10;
    },
  };
}

async function drain(gate: ReturnType<typeof gatedWork>, done: () => boolean) {
  while (!done()) {
    await new Promise((resolve) => setImmediate(resolve));
    gate.waiting.splice(0).forEach((release) => release());
  }
}

describe('mapBounded', () => {
  it('keeps at most `limit` calls in flight and answers in input order', async () => {
    const gate = gatedWork();
    const items = Array.from({ length: 40 }, (_, index) => index);
    let result: number[] | undefined;
    const running = mapBounded(items, 4, gate.work).then((values) => (result = values));

    await drain(gate, () => result !== undefined);
    await running;

    expect(gate.peak()).toBe(4);
    expect(result).toEqual(items.map((item) => item * 10));
  });

  it('answers an empty list without calling', async () => {
    await expect(mapBounded([], 8, () => Promise.reject(new Error('called')))).resolves.toEqual([]);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const failing = mapBounded([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      if (item === 2) throw new Error('boom');
      return item;
    });

    await expect(failing).rejects.toThrow('boom');
    expect(started).not.toContain(6);
  });

  it('refuses a limit below one', async () => {
    await expect(mapBounded([1], 0, async (item) => item)).rejects.toThrow(RangeError);
  });
});
