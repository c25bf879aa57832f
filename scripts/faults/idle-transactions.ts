import pg from 'pg';

export interface IdleTransaction {
  pid: number;
  applicationName: string;
  /** How long the transaction has been open. */
  openForMs: number;
  /** The last statement the session ran before going idle. */
  lastQuery: string;
}

/**
 * Sessions of `database` sitting `idle in transaction`: a transaction opened and never finished, holding its
 * connection and its locks until the pool runs dry and the service wedges. A healthy service leaves a session
 * idle in a transaction only for the moment between two statements, so only those idle for over a second count,
 * and this waits up to `settleMs` for them to go and returns those that stayed.
 */
export async function lingeringIdleTransactions(
  serverUrl: string,
  database: string,
  settleMs = 5_000,
): Promise<IdleTransaction[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const { rows } = await client.query<{
        pid: number;
        application_name: string;
        open_for_ms: number;
        query: string;
      }>(
        `SELECT pid, application_name, query,
                (extract(epoch FROM now() - xact_start) * 1000)::float8 AS open_for_ms
         FROM pg_stat_activity
         WHERE datname = $1 AND state LIKE 'idle in transaction%' AND now() - state_change > interval '1 second'`,
        [database],
      );
      if (rows.length === 0 || Date.now() > deadline) {
        return rows.map((row) => ({
          pid: row.pid,
          applicationName: row.application_name,
          openForMs: Math.round(row.open_for_ms),
          lastQuery: row.query.replace(/\s+/g, ' ').slice(0, 200),
        }));
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}
