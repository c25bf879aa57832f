import pg from 'pg';
import type { EventingLogger } from '../logger.js';

export interface PostgresPoolOptions {
  connectionString: string;
  /** The service's schema: first on the search path, and the pool's application_name. */
  schema: string;
  max: number;
  /** Longest wait for a free connection (or a new one) before the caller gets PostgresUnavailableError. */
  acquireTimeoutMs: number;
  logger: EventingLogger;
}

/**
 * A transaction left open by a request that lost its way (a bug, a stuck client) is ended by the server after
 * this long, so it can never hold its locks and its connection for good.
 */
const idleInTransactionTimeoutMs = 60_000;

/**
 * Every service's Postgres pool. Three things a plain pg.Pool leaves out, each of which once stopped a service:
 * - acquisition waits are bounded (`acquireTimeoutMs`), so an exhausted pool answers 503 instead of queueing
 *   requests forever;
 * - every client has an 'error' listener for its whole life, not only while idle: pg emits 'error' on a client
 *   whose connection the server ends (a restart, a failover) even while it is checked out, and without a
 *   listener that event ends the process. The query in flight is rejected anyway, so its caller still sees it;
 * - TCP keepalive, so a connection to a server that vanished without a word is noticed.
 */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const { schema, logger } = options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: options.acquireTimeoutMs,
    keepAlive: true,
    options: `-c search_path=${schema} -c idle_in_transaction_session_timeout=${idleInTransactionTimeoutMs}`,
    application_name: schema,
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.debug({ err: error }, 'Postgres connection ended'));
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'idle Postgres connection lost'));
  return pool;
}
