import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { expect, it } from 'vitest';
import type { EventStore } from '@app/eventing';

export interface LostAnswerCase {
  /** The started service (a ServiceHarness). */
  harness: { app: FastifyInstance; eventStore: EventStore; pool: pg.Pool };
  /** The create request, made afresh for the test (its headers name the caller). */
  request: () => Promise<{ url: string; payload: Record<string, unknown>; headers: Record<string, string> }>;
  /** The event type the creation stores, once. */
  createdType: string;
  /** The success status; default 201. */
  status?: number;
  /** The created entity's id in the answer, its stream's id; default the answer's `id`, null when it has none. */
  idOf?: ((body: unknown) => string) | null;
}

/**
 * A create route's answer lost after its events were stored (the connection dropped, the process died before it
 * could reply): the client retries with the same Idempotency-Key and must get the entity the first attempt made,
 * not a second one nor a conflict with the first (idempotency plugin, command handler).
 */
export function itCreatesOnceThroughALostAnswer(name: string, testCase: () => LostAnswerCase): void {
  it(`creates one ${name} when the first answer is lost after its events were stored`, async () => {
    const { harness, request, createdType, status = 201, idOf = idField } = testCase();
    const { url, payload, headers } = await request();
    const keyed = {
      method: 'POST' as const,
      url,
      payload,
      headers: { ...headers, 'idempotency-key': randomUUID() },
    };
    const before = await countOfType(harness.pool, createdType);
    loseTheAnswerOfNextAppend(harness.eventStore, createdType);

    const lost = await harness.app.inject(keyed);
    const retried = await harness.app.inject(keyed);

    expect(lost.statusCode).toBe(500);
    expect(retried.statusCode, retried.body).toBe(status);
    expect(await countOfType(harness.pool, createdType)).toBe(before + 1);
    if (idOf === null) return;
    const { rows } = await harness.pool.query<{ stream_name: string }>(
      'SELECT stream_name FROM eventstore.events WHERE type = $1 ORDER BY global_position DESC LIMIT 1',
      [createdType],
    );
    expect(rows[0]?.stream_name.endsWith(`-${idOf(retried.json())}`)).toBe(true);
  });
}

const idField = (body: unknown) => (body as { id: string }).id;

/** The next append of a `type` event is stored, and then fails as if the connection had dropped before its answer. */
function loseTheAnswerOfNextAppend(store: EventStore, type: string): void {
  const append = store.append.bind(store);
  store.append = async (stream, events, expected) => {
    const stored = await append(stream, events, expected);
    if (!events.some((event) => event.type === type)) return stored;
    store.append = append;
    throw new Error('connection lost after the append was stored');
  };
}

async function countOfType(pool: pg.Pool, type: string): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM eventstore.events WHERE type = $1',
    [type],
  );
  return rows[0]?.count ?? 0;
}
