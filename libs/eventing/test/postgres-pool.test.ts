import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from '../src/index.js';
import { servicePoolForFile } from './service-pool.js';

const service = servicePoolForFile({ schema: 'public', max: 2, acquireTimeoutMs: 300 });

/** Ends the server side of a connection, as a Postgres restart or failover does. */
async function terminate(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await service.database.pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
}

describe('a service pool', () => {
  it('survives the server ending a checked-out connection: the caller sees an unavailable error, not a crash', async () => {
    const client = await service.pool.connect();
    await client.query('BEGIN');
    await terminate(client);
    const failure = await client.query('SELECT 1').catch((error: unknown) => error);
    client.release(failure as Error);
    // Without a listener on checked-out clients, pg's 'error' event ends the process, and vitest reports it.
    expect(isStorageUnavailable(failure)).toBe(true);
    await expect(service.pool.query('SELECT 1 AS ok')).resolves.toMatchObject({ rows: [{ ok: 1 }] });
  });

  it('survives the server ending a checked-out connection while no query runs on it', async () => {
    const client = await service.pool.connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    await terminate(client);
    await ended;
    client.release(true);
    await expect(service.pool.query('SELECT 1 AS ok')).resolves.toMatchObject({ rows: [{ ok: 1 }] });
  });

  it('gives up waiting for a connection after the acquisition timeout, with an unavailable error', async () => {
    const held = [await service.pool.connect(), await service.pool.connect()];
    const started = Date.now();
    const failure = await service.pool.connect().catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isStorageUnavailable(failure)).toBe(true);
    for (const client of held) client.release();
  });

  it('ends a transaction left idle on the server side, so it cannot hold its locks for good', async () => {
    const { rows } = await service.pool.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'idle_in_transaction_session_timeout'",
    );
    expect(Number(rows[0]?.setting)).toBeGreaterThan(0);
  });
});

describe('isStorageUnavailable', () => {
  it('is false for errors that are the request or the code', () => {
    expect(isStorageUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isStorageUnavailable('Connection terminated unexpectedly')).toBe(false);
  });

  it('is true for refused sockets, shutdowns and wrapped connection failures', () => {
    expect(isStorageUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    const cause = new Error('Connection terminated unexpectedly');
    expect(isStorageUnavailable(new Error('append failed', { cause }))).toBe(true);
  });
});
