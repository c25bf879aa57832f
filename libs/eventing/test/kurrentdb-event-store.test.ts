import { describe, expect, inject, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createKurrentEventStore } from '../src/kurrentdb/kurrent-event-store.js';
import { EventStoreUnavailableError } from '../src/storage-unavailable.js';
import { describeEventStoreContract, newEvent } from './event-store-contract.js';

const url = inject('eventStoreUrl');
const skipReason = inject('eventStoreSkipReason') || 'no KurrentDB configured';
if (!url) console.warn(`[kurrentdb-event-store] KurrentDB contract SKIPPED: ${skipReason}`);

// Skipped, never passed, when there is no server: the title carries the reason into the report.
describe.skipIf(!url)(url ? 'KurrentDB event store' : `KurrentDB event store SKIPPED: ${skipReason}`, () => {
  describeEventStoreContract('KurrentDB', async () => {
    const store = createKurrentEventStore({ connectionString: url });
    await store.ping();
    return { store, cleanup: () => store.close() };
  });
});

// Needs no server: a closed port must surface as a clear error, not the client's raw gRPC status 14.
describe('KurrentDB adapter without a server', () => {
  it('reports a closed port as EventStoreUnavailableError, and still ends a subscription on abort', async () => {
    const store = createKurrentEventStore({ connectionString: 'kurrentdb://127.0.0.1:1?tls=false' });
    try {
      const stream = `test_unreachable-${uuidv7()}`;
      await expect(store.append(stream, [newEvent()], 'any')).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
      await expect(store.readStream(stream)).rejects.toThrow(/KurrentDB at 127\.0\.0\.1:1 is unavailable/);
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      const failing = store.subscribe({
        from: 'start',
        categories: ['test_x'],
        signal: new AbortController().signal,
      });
      await expect(failing[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(EventStoreUnavailableError);

      const controller = new AbortController();
      const pending = store
        .subscribe({ from: 'start', categories: ['test_x'], signal: controller.signal })
        [Symbol.asyncIterator]()
        .next();
      controller.abort();
      await expect(pending).resolves.toMatchObject({ done: true });
    } finally {
      await store.close();
    }
  });
});
