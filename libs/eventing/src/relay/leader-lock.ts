import type pg from 'pg';
import { sleep } from '@app/retry';
import type { EventingLogger } from '../logger.js';

/**
 * One relay per stream publishes at a time, even when the service runs several replicas (the HPA scales it):
 * the leader holds a session advisory lock on a dedicated connection; the others wait on standby and take over
 * when that connection ends. Correctness does not depend on it (JetStream dedupes, checkpoints only move
 * forward); it keeps replicas from publishing everything twice and interleaving.
 */
export interface Leadership {
  /** Aborts when the lock's connection fails: someone else may now lead, so stop publishing. */
  lost: AbortSignal;
  release(): Promise<void>;
}

const standbyPollMs = 2_000;

/** Resolves with the lock, or with null when `signal` aborts first. */
export async function acquireLeadership(
  pool: pg.Pool,
  key: string,
  signal: AbortSignal,
  logger: EventingLogger,
): Promise<Leadership | null> {
  let waitingLogged = false;
  while (!signal.aborted) {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      const result = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('relay'), hashtext($1)) AS locked`,
        [key],
      );
      if (result.rows[0]?.locked) return holdLock(client, key, logger);
      client.release();
      if (!waitingLogged) logger.info({ lock: key }, 'another instance leads this relay; standing by');
      waitingLogged = true;
    } catch (error) {
      client?.release(true);
      logger.warn({ err: error, lock: key }, 'relay leader lock attempt failed');
    }
    await sleep(standbyPollMs, signal);
  }
  return null;
}

function holdLock(client: pg.PoolClient, key: string, logger: EventingLogger): Leadership {
  const lost = new AbortController();
  // pg reports a killed session twice (the server's error, then the socket's end): one loss, logged once.
  const onError = (error: Error) => {
    if (lost.signal.aborted) return;
    logger.error({ err: error, lock: key }, 'relay leader connection failed; leadership lost');
    lost.abort();
  };
  client.on('error', onError);
  return {
    lost: lost.signal,
    release: async () => {
      if (!lost.signal.aborted) {
        try {
          await client.query(`SELECT pg_advisory_unlock(hashtext('relay'), hashtext($1))`, [key]);
          client.off('error', onError);
          client.release();
          return;
        } catch {
          // Destroyed below; ending the session releases the lock anyway.
        }
      }
      // The listener stays on the discarded connection: a late error report must not go unhandled.
      client.release(true);
    },
  };
}
