import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamName, type Projection } from '@app/eventing';
import { runRebuildCommand } from '../src/runtime/index.js';
import { eventStoreFixture, freshCategory, happened, runProjections, schema } from './event-store-fixture.js';

const fixture = eventStoreFixture();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the rebuild command and parked events', () => {
  it('lists the parked events, and a rebuild replays them, saying how many are parked again', async () => {
    const category = freshCategory();
    const projection: Projection = {
      name: `svc.things-${randomUUID().slice(0, 8)}.v1`,
      eventTypes: ['Happened'],
      apply: async () => undefined,
      reset: async () => undefined,
    };
    // An event whose data is not an object, as another writer could have left it.
    const eventId = randomUUID();
    const stream = streamName(category, randomUUID());
    await fixture.db.pool.query(
      `INSERT INTO eventstore.events (stream_name, category, stream_revision, event_id, type, data, metadata)
       VALUES ($1, $2, 0, $3, 'Happened', '[1, 2]', '{}')`,
      [stream, category, eventId],
    );
    const { position } = await fixture.store.append(
      streamName(category, randomUUID()),
      [happened()],
      'no_stream',
    );
    const runner = await runProjections(fixture, category, [projection]);
    expect(await runner.waitFor(position, 5_000)).toBe(true);
    await runner.stop();

    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const command = (name: string) =>
      runRebuildCommand({
        name,
        projections: [projection],
        schema,
        categories: [category],
        openStorage: async () => ({
          pool: fixture.db.pool,
          eventStore: { ...fixture.store, kind: 'postgres' },
          close: async () => undefined,
        }),
      });
    expect(await command('--parked')).toBe(0);
    expect(printed).toHaveBeenLastCalledWith(
      expect.stringMatching(
        new RegExp(`^${projection.name}: Happened ${eventId} at ${stream}@0, parked .*: data is an array`),
      ),
    );
    expect(await command(projection.name)).toBe(0);
    expect(printed).toHaveBeenLastCalledWith(
      'events still unreadable, parked again: 1 (rebuild --parked lists them)',
    );
  });
});
