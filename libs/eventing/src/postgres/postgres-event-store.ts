import type pg from 'pg';
import type {
  BacklogReader,
  EventStore,
  EventStoreLogger,
  PagedSubscriber,
  Position,
  ReadStreamResult,
} from '../event-store.js';
import { appendInTransaction } from './append.js';
import { readBacklog } from './backlog.js';
import { createNotificationListener } from './listener.js';
import { eventColumns, toRecordedEvent, type EventRow } from './rows.js';
import { assertSchemaName, migrateEventStore, notifyChannel } from './schema.js';
import { subscribePages, subscribeToCategories, type SubscriptionContext } from './subscription.js';

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** Schema holding the event store's tables; default `eventstore`. */
  schema?: string;
  /** Fallback poll of idle subscriptions, for events that become safe to read without a notification. */
  pollIntervalMs?: number;
  logger?: EventStoreLogger;
}

export interface PostgresEventStore extends EventStore, BacklogReader, PagedSubscriber {
  /** Creates or updates the schema; idempotent and safe to run from several processes at once. */
  migrate(): Promise<void>;
  readonly schema: string;
}

/** The default event store (ARCHITECTURE.md "Event store"); the pool stays the caller's to end. */
export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const { pool, logger } = options;
  const schema = options.schema ?? 'eventstore';
  assertSchemaName(schema);
  const listener = createNotificationListener(pool.options, notifyChannel(schema), logger);
  const closing = new AbortController();
  let storeId: Promise<string> | undefined;
  const subscriptionContext: SubscriptionContext = {
    pool,
    schema,
    listener,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    storeSignal: closing.signal,
    ...(logger ? { logger } : {}),
  };

  return {
    schema,
    migrate: () => migrateEventStore(pool, schema),

    append: (stream, events, expectedRevision) =>
      appendInTransaction(pool, schema, stream, events, expectedRevision),

    async readStream(stream): Promise<ReadStreamResult> {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${eventColumns} FROM ${schema}.events WHERE stream_name = $1 ORDER BY stream_revision`,
        [stream],
      );
      const events = rows.map(toRecordedEvent);
      const last = events.at(-1);
      return { events, revision: last ? last.revision : 'no_stream' };
    },

    subscribe: (subscribeOptions) => subscribeToCategories(subscriptionContext, subscribeOptions),
    subscribePages: (subscribeOptions) => subscribePages(subscriptionContext, subscribeOptions),

    async headPosition(categories): Promise<Position | 'start'> {
      const { rows } = await pool.query<{ transaction_id_text: string; global_position: string }>(
        // The last of each category, one index probe each (as in safeEventsQuery), then the latest of those.
        `SELECT last.transaction_id::text AS transaction_id_text, last.global_position
         FROM (SELECT DISTINCT unnest($1::text[])) AS wanted(category)
         CROSS JOIN LATERAL (
           SELECT e.transaction_id, e.global_position FROM ${schema}.events AS e
           WHERE e.category = wanted.category
             AND e.transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))
           ORDER BY e.transaction_id DESC, e.global_position DESC
           LIMIT 1
         ) AS last
         ORDER BY last.transaction_id DESC, last.global_position DESC
         LIMIT 1`,
        [categories],
      );
      const row = rows[0];
      return row
        ? { commit: BigInt(row.transaction_id_text), prepare: BigInt(row.global_position) }
        : 'start';
    },

    backlog: (query) => readBacklog(pool, schema, query),

    storeId() {
      storeId ??= pool.query<{ id: string }>(`SELECT id FROM ${schema}.store_identity`).then(({ rows }) => {
        if (!rows[0]) throw new Error(`${schema}.store_identity is empty; run migrate() first`);
        return `postgres:${rows[0].id}`;
      });
      // A failed read (the database away) is not remembered: the next caller asks again.
      storeId.catch(() => (storeId = undefined));
      return storeId;
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    async close() {
      closing.abort();
      await listener.close();
    },
  };
}
