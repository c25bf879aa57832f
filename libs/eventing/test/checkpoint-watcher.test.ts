import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { ensureEventingTables, resetCheckpoint, writeCheckpoint } from '../src/checkpoints.js';
import { watchCheckpoints } from '../src/checkpoint-watcher.js';

const schema = 'watched';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
  await ensureEventingTables(database.pool, schema);
});
afterAll(async () => {
  await database?.drop();
});

const store = 'postgres:watched-test';
const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });
const watcher = (...names: string[]) => watchCheckpoints({ db: database.pool, schema, names });

describe('checkpoint watcher', () => {
  it('answers at once when every named checkpoint is at or past the position', async () => {
    await writeCheckpoint(database.pool, schema, 'now-a', at(10), store);
    await writeCheckpoint(database.pool, schema, 'now-b', at(12), store);
    expect(await watcher('now-a', 'now-b').waitFor(at(10), 0)).toBe(true);
    expect(await watcher('now-a', 'now-b').waitFor(at(11), 0)).toBe(false);
  });

  it('counts a projection without a checkpoint, or one reset for a rebuild, as at the start', async () => {
    await writeCheckpoint(database.pool, schema, 'reset', at(7), store);
    await resetCheckpoint(database.pool, schema, 'reset');
    expect(await watcher('reset', 'never-ran').waitFor(at(1), 0)).toBe(false);
    expect(await watcher('reset', 'never-ran').waitFor('start', 0)).toBe(true);
  });

  it('waits for the slowest named projection and answers when it gets there', async () => {
    await writeCheckpoint(database.pool, schema, 'fast', at(20), store);
    await writeCheckpoint(database.pool, schema, 'slow', at(15), store);
    const watching = watcher('fast', 'slow');
    expect(await watching.waitFor(at(20), 150)).toBe(false);

    const waiting = watching.waitFor(at(20), 10_000);
    await writeCheckpoint(database.pool, schema, 'slow', at(21), store);
    expect(await waiting).toBe(true);
  });

  it('gives up after the timeout when a checkpoint stays behind', async () => {
    await writeCheckpoint(database.pool, schema, 'stuck', at(3), store);
    const started = performance.now();
    expect(await watcher('stuck').waitFor(at(4), 200)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});
