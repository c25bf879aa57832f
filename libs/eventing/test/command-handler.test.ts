import { ConcurrencyError, PreconditionFailedError, type Decider } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { createCommandHandler } from '../src/command-handler.js';
import type { EventStore, NewEvent, RecordedEvent } from '../src/event-store.js';

interface Counted {
  type: 'Counted';
  data: { by: number; total: number };
}
type Count = { type: 'Count'; by: number };

/** A counter whose events carry the total they reached, so a decision on a stale state shows in the data. */
const counter: Decider<number, Count, Counted> = {
  initialState: () => 0,
  evolve: (total, event) => event.data.total,
  decide: (command, total) => [{ type: 'Counted', data: { by: command.by, total: total + command.by } }],
};

/** One stream in memory; the next `rivalAppends` times, another writer appends just before this one does. */
function storeWithRivals(rivalAppends: number) {
  const events: RecordedEvent[] = [];
  let rivals = 0;
  const record = (event: NewEvent): void => {
    const revision = events.length;
    events.push({
      ...event,
      streamName: 'counter-1',
      revision,
      position: { commit: BigInt(revision + 1), prepare: BigInt(revision + 1) },
      recordedAt: new Date(),
    } as RecordedEvent);
  };
  const store = {
    async readStream() {
      return { events: [...events], revision: events.length === 0 ? 'no_stream' : events.length - 1 };
    },
    async append(_stream: string, newEvents: readonly NewEvent[], expected: number | 'no_stream') {
      if (rivals > 0) {
        rivals -= 1;
        const total = events.reduce((sum, event) => sum + (event.data as { by: number }).by, 0) + 100;
        record({
          id: `rival-${rivals}`,
          type: 'Counted',
          data: { by: 100, total },
          metadata: {},
        } as NewEvent);
      }
      const actual = events.length === 0 ? 'no_stream' : events.length - 1;
      if (actual !== expected) throw new ConcurrencyError('counter-1', expected, actual);
      newEvents.forEach(record);
      return { nextRevision: events.length - 1, position: events.at(-1)!.position };
    },
  };
  return {
    store: store as unknown as EventStore,
    events,
    /** From now on: appends before the first `rivalAppends` ones are beaten by a rival. */
    contend: () => (rivals = rivalAppends),
  };
}

const decode = (recorded: RecordedEvent) => ({ type: 'Counted', data: recorded.data }) as Counted;
const metadata = { correlationId: 'c', causationId: 'c' };

describe('the command handler', () => {
  it('decides again on the new state after each conflict, up to its retries', async () => {
    const { store, events, contend } = storeWithRivals(5);
    const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
    contend();

    const result = await handle('counter-1', { type: 'Count', by: 1 }, { metadata });

    expect(result.state).toBe(501);
    expect(events.at(-1)?.data).toEqual({ by: 1, total: 501 });
  });

  it('asks a state function for the command again on the state after each conflict', async () => {
    const { store, events, contend } = storeWithRivals(2);
    const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
    contend();
    const asked: number[] = [];

    const result = await handle(
      'counter-1',
      (total) => {
        asked.push(total);
        return { type: 'Count', by: total + 1 };
      },
      { metadata },
    );

    expect(asked).toEqual([0, 100, 200]);
    expect(events.at(-1)?.data).toEqual({ by: 201, total: 401 });
    expect(result.state).toBe(401);
  });

  it('lets the conflict reach the caller once its retries are spent', async () => {
    const { store, contend } = storeWithRivals(6);
    const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
    contend();

    await expect(handle('counter-1', { type: 'Count', by: 1 }, { metadata })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
  });

  it('never retries for a caller who named the revision it read (If-Match): 412 at the first conflict', async () => {
    const { store, events, contend } = storeWithRivals(1);
    const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
    const read = await handle('counter-1', { type: 'Count', by: 1 }, { metadata });
    contend();

    await expect(
      handle('counter-1', { type: 'Count', by: 1 }, { metadata, expectedRevision: read.revision as number }),
    ).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(events).toHaveLength(2);
  });

  describe("under an idempotent request's operation", () => {
    const operation = { ...metadata, operationId: '01890000-0000-7000-8000-000000000001' };

    it('answers a retry whose command is already in the stream from its events, appending nothing', async () => {
      const { store, events } = storeWithRivals(0);
      const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
      const first = await handle('counter-1', { type: 'Count', by: 2 }, { metadata: operation });
      await handle('counter-1', { type: 'Count', by: 5 }, { metadata });

      // The first attempt's answer was lost; the retry carries the same operation and the If-Match it had sent.
      const retry = await handle(
        'counter-1',
        { type: 'Count', by: 2 },
        { metadata: operation, expectedRevision: 0 },
      );

      expect(events).toHaveLength(2);
      expect(events[0]?.metadata).toMatchObject({ operationId: operation.operationId, command: 'Count' });
      expect(events[1]?.metadata).not.toHaveProperty('command');
      expect(retry.newEvents).toEqual(first.newEvents);
      expect(retry.position).toEqual(first.position);
      expect(retry.state).toBe(7);
    });

    it("runs the operation's other commands on the same stream", async () => {
      const { store, events } = storeWithRivals(0);
      const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
      const twice: Decider<number, Count | { type: 'Double' }, Counted> = {
        ...counter,
        decide: (command, total) =>
          command.type === 'Double'
            ? [{ type: 'Counted', data: { by: total, total: total * 2 } }]
            : counter.decide(command, total),
      };
      const handleEither = createCommandHandler({ eventStore: store, decider: twice, decode });
      await handle('counter-1', { type: 'Count', by: 3 }, { metadata: operation });

      const doubled = await handleEither('counter-1', { type: 'Double' }, { metadata: operation });

      expect(doubled.state).toBe(6);
      expect(events.map((event) => event.metadata.command)).toEqual(['Count', 'Double']);
    });

    it('decides as usual under a new operation', async () => {
      const { store, events } = storeWithRivals(0);
      const handle = createCommandHandler({ eventStore: store, decider: counter, decode });
      await handle('counter-1', { type: 'Count', by: 1 }, { metadata: operation });
      const next = { ...metadata, operationId: '01890000-0000-7000-8000-000000000002' };

      const result = await handle('counter-1', { type: 'Count', by: 1 }, { metadata: next });

      expect(result.state).toBe(2);
      expect(events).toHaveLength(2);
    });
  });
});
