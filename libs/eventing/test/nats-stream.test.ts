import { nanos } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStream } from '../src/nats/stream.js';
import { createNatsFixture, type NatsFixture } from './nats-fixtures.js';

let nats: NatsFixture;

beforeAll(async () => {
  nats = await createNatsFixture();
});
afterAll(async () => {
  await nats?.close();
});

describe('ensureStream', () => {
  it('creates a file-backed stream with a duplicate window, idempotently even when started side by side', async () => {
    const { name, subjects } = nats.isolatedStream();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureStream(nats.jsm, { name, subjects })),
    );
    expect(new Set(results.map((info) => info.config.name))).toEqual(new Set([name]));
    const info = await nats.jsm.streams.info(name);
    expect(info.config).toMatchObject({
      subjects,
      storage: 'file',
      num_replicas: 1,
      duplicate_window: nanos(120_000),
    });
    // Nothing to change: the same stream, not recreated (its messages survive).
    expect((await ensureStream(nats.jsm, { name, subjects })).created).toBe(info.created);
  });

  it('brings an existing stream to the new subjects and duplicate window', async () => {
    const { name, subjects } = nats.isolatedStream();
    await ensureStream(nats.jsm, { name, subjects });
    const wider = [...subjects, `${name}.extra.>`];
    await ensureStream(nats.jsm, { name, subjects: wider, duplicateWindowMs: 5 * 60_000 });
    const info = await nats.jsm.streams.info(name);
    expect(info.config.subjects).toEqual(wider);
    expect(info.config.duplicate_window).toBe(nanos(5 * 60_000));
  });
});
