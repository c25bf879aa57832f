import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { EventStore } from '@app/eventing';
import { consumerClientsOf, storeReadiness } from '../src/runtime/index.js';

const pool = { query: vi.fn(async () => ({ rows: [] })) } as unknown as pg.Pool;
const nats = { flush: vi.fn(async () => undefined) } as unknown as NatsConnection;
const eventStore = { ping: vi.fn(async () => undefined) } as unknown as EventStore;

describe("a process's clients", () => {
  it('checks Postgres, the event store where there is one, and NATS, each by a round trip', async () => {
    expect(storeReadiness({ pool, nats }).map((check) => check.name)).toEqual(['postgres', 'nats']);
    const checks = storeReadiness({ pool, nats, eventStore });
    expect(checks.map((check) => check.name)).toEqual(['postgres', 'event store', 'nats']);
    await Promise.all(checks.map((check) => check.check()));
    expect(pool.query).toHaveBeenCalledWith('SELECT 1');
    expect(eventStore.ping).toHaveBeenCalledOnce();
    expect(nats.flush).toHaveBeenCalledOnce();
  });

  it("gives consumers the environment's prefix and its retention in milliseconds", () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
    const clients = consumerClientsOf(
      { NATS_PREFIX: 'ci-', PROCESSED_MESSAGES_RETENTION_DAYS: 2 },
      { nats, pool, logger },
    );
    expect(clients).toEqual({
      nats,
      pool,
      logger,
      natsPrefix: 'ci-',
      processedMessageRetentionMs: 172_800_000,
    });
  });
});
