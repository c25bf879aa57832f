/**
 * Figure 1: single-event appends to the PostgreSQL event store against single-row INSERTs of the same event into
 * a plain table (target: ratio ≥ 0.5). Both run sequentially on one pool, in alternating rounds so drift in
 * machine speed hits both alike.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { createPostgresEventStore, streamName, type ExpectedRevision, type NewEvent } from '@app/eventing';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { perSecond, timed } from './stats.js';

const schema = 'bench_append';
const rawTable = 'bench_append_raw';

/**
 * The events table's columns (schema.ts) with its primary key and unique event id, without the stream
 * bookkeeping the store adds: what a hand-written "insert the event" would be.
 */
const rawTableDdl = `
  CREATE TABLE ${rawTable} (
    global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_name text NOT NULL,
    event_id uuid NOT NULL UNIQUE,
    type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
  )`;

export async function measureAppendRate(pool: pg.Pool): Promise<Measurement> {
  const { count, rounds, warmUp, streams } = sizes.append;
  await pool.query(rawTableDdl);
  const store = createPostgresEventStore({ pool, schema });
  try {
    await store.migrate();
    // The command path: each append names its stream's current revision, so the store checks and bumps it.
    const streamNames = Array.from({ length: streams }, () => streamName('bench_product', randomUUID()));
    const revisions = new Map<string, number>();
    let appended = 0;
    const append = async () => {
      const stream = streamNames[appended % streams] as string;
      appended += 1;
      const expected: ExpectedRevision = revisions.get(stream) ?? 'no_stream';
      const result = await store.append(stream, [sampleEvent()], expected);
      revisions.set(stream, result.nextRevision);
    };
    const insert = async () => {
      const event = sampleEvent();
      await pool.query(
        `INSERT INTO ${rawTable} (stream_name, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5)`,
        [streamNames[0], event.id, event.type, event.data, event.metadata],
      );
    };

    await repeat(warmUp, insert);
    await repeat(warmUp, append);
    let rawMs = 0;
    let storeMs = 0;
    const perRound = Math.ceil(count / rounds);
    for (let round = 0; round < rounds; round += 1) {
      rawMs += await timed(() => repeat(perRound, insert));
      storeMs += await timed(() => repeat(perRound, append));
    }
    const total = perRound * rounds;
    return {
      value: perSecond(total, storeMs),
      baseline: perSecond(total, rawMs),
      unit: 'appends/s',
      baselineUnit: 'inserts/s',
      target: { on: 'ratio', atLeast: 0.5 },
      notes: [
        `${total} sequential one-event appends (createPostgresEventStore, schema ${schema}) cycling over`,
        `${streams} streams, each with its expected revision; against as many autocommit single-row INSERTs of`,
        `the same event into a plain table (identity key, unique event id, jsonb data and metadata);`,
        `${rounds} alternating rounds after ${warmUp} warm-up operations each.`,
        `store ${Math.round(storeMs)} ms in all, raw ${Math.round(rawMs)} ms.`,
      ],
    };
  } finally {
    await store.close();
  }
}

async function repeat(times: number, work: () => Promise<void>): Promise<void> {
  for (let i = 0; i < times; i += 1) await work();
}

/** About the size of a real ProductUpdated event. */
function sampleEvent(): NewEvent {
  const id = uuidv7();
  return {
    id,
    type: 'ProductUpdated',
    data: {
      productId: id,
      name: 'Insight Analytics',
      slug: `insight-analytics-${id.slice(-12)}`,
      description: 'Real-time insights into revenue, customers and transactions.',
      basePriceCents: 29_900,
      category: 'Analytics',
      color: '#3B82F6',
      icon: 'BarChart3',
      features: ['Real-time dashboards', 'Custom report builder', 'Scheduled exports'],
      updatedAt: new Date().toISOString(),
    },
    metadata: { correlationId: id, causationId: id, actorId: 'bench' },
  };
}
