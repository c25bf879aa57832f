import { ConflictError, type Decider } from '@app/domain';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateStore, defineAggregate, streamOf } from '../src/aggregate.js';
import type { RecordedEvent } from '../src/event-store.js';
import { createStoreFixture, type StoreFixture } from './projection-fixtures.js';

type Door = { status: 'absent' } | { status: 'open' | 'closed'; openedTimes: number };
type DoorCommand = { type: 'Open' } | { type: 'Close' };
type DoorEvent =
  { type: 'Opened'; data: { times: number } } | { type: 'Closed'; data: Record<string, never> };

const doorDecider: Decider<Door, DoorCommand, DoorEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (state, event) =>
    event.type === 'Opened'
      ? { status: 'open', openedTimes: event.data.times }
      : { status: 'closed', openedTimes: state.status === 'absent' ? 0 : state.openedTimes },
  decide: (command, state) => {
    const times = state.status === 'absent' ? 0 : state.openedTimes;
    if (command.type === 'Open') {
      if (state.status === 'open') throw new ConflictError('The door is open already');
      return [{ type: 'Opened', data: { times: times + 1 } }];
    }
    return state.status === 'open' ? [{ type: 'Closed', data: {} }] : [];
  },
};

const doors = defineAggregate({
  category: 'test_door',
  decider: doorDecider,
  decode: (recorded: RecordedEvent) => ({ type: recorded.type, data: recorded.data }) as DoorEvent,
});

let fixture: StoreFixture;
beforeAll(async () => {
  fixture = await createStoreFixture();
});
afterAll(async () => {
  await fixture?.close();
});

const options = { metadata: { correlationId: 'c', causationId: 'c' } };

describe('an aggregate store', () => {
  it('reads an aggregate as its own stream tells it, absent before its first event', async () => {
    const store = aggregateStore(fixture.store, doors);
    const id = uuidv7();
    expect(await store.read(id)).toEqual({ state: { status: 'absent' }, revision: 'no_stream' });

    await store.handle(id, { type: 'Open' }, options);
    await store.handle(id, { type: 'Close' }, options);

    expect(await store.read(id)).toEqual({ state: { status: 'closed', openedTimes: 1 }, revision: 1 });
    const { events } = await fixture.store.readStream(streamOf(doors, id));
    expect(events.map((event) => event.type)).toEqual(['Opened', 'Closed']);
  });

  it('takes the command from a function of the current state, so the caller needs no read of its own', async () => {
    const store = aggregateStore(fixture.store, doors);
    const id = uuidv7();
    await store.handle(id, { type: 'Open' }, options);

    const toggle = (door: Door): DoorCommand =>
      door.status === 'open' ? { type: 'Close' } : { type: 'Open' };
    const closed = await store.handle(id, toggle, options);
    const reopened = await store.handle(id, toggle, options);

    expect(closed.state).toEqual({ status: 'closed', openedTimes: 1 });
    expect(reopened.state).toEqual({ status: 'open', openedTimes: 2 });
    expect(reopened.revision).toBe(2);
  });

  it("keeps the decider's refusals and an If-Match", async () => {
    const store = aggregateStore(fixture.store, doors);
    const id = uuidv7();
    await store.handle(id, { type: 'Open' }, options);

    await expect(store.handle(id, { type: 'Open' }, options)).rejects.toThrow('The door is open already');
    await expect(store.handle(id, { type: 'Close' }, { ...options, expectedRevision: 5 })).rejects.toThrow(
      /changed since you read it/,
    );
  });
});
