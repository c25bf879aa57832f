import pg from 'pg';

/**
 * What the platform stored, read behind its back, to prove that refused requests stored nothing. Every
 * command's events carry the request id as `correlationId`, so a request's events are found by its id whichever
 * service appended them. A few tables are written by requests directly, without events: their row counts must
 * not move either. Throttling bookkeeping (sign-in attempts) and usage metering are left out on purpose: they
 * exist to count every call, refused ones included.
 */
export interface StoredWrites {
  /** Events whose correlation id starts with `prefix`. */
  eventsCorrelatedWith(prefix: string): Promise<number>;
  /** Row counts of the tables requests write without events, by `schema.table`. */
  directWriteCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** Sessions, credentials, setup links, single sign-on links, idempotency records and the Sandbox provider's state. */
const directWriteTables = [
  'sessions',
  'credentials',
  'password_setup_tokens',
  'oidc_identities',
  'idempotency_keys',
  'sandbox_customers',
  'sandbox_payment_methods',
  'sandbox_payment_intents',
];

export function storedWrites(databaseUrl: string): StoredWrites {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    async eventsCorrelatedWith(prefix) {
      const { rows } = await pool.query<{ count: string }>(
        `SELECT count(*) FROM eventstore.events WHERE metadata->>'correlationId' LIKE $1 || '%'`,
        [prefix],
      );
      return Number(rows[0]?.count ?? 0);
    },
    async directWriteCounts() {
      const { rows: tables } = await pool.query<{ name: string }>(
        `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_name = ANY($1) ORDER BY 1`,
        [directWriteTables],
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM ${name}`);
        counts[name] = Number(rows[0]?.count ?? 0);
      }
      return counts;
    },
    close: () => pool.end(),
  };
}
