import type pg from 'pg';
import { inTransaction } from './transaction.js';

/**
 * DDL of the PostgreSQL event store. Idempotent, and safe when several processes migrate at once: the whole
 * migration runs in one transaction behind an advisory lock, because `CREATE ... IF NOT EXISTS` alone still
 * races on the catalog's unique indexes.
 */
export async function migrateEventStore(pool: pg.Pool, schema: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema}.migrate`]);
    await client.query(ddl(schema));
  });
}

/** Schema names are interpolated into SQL, so only plain lower-case identifiers are accepted. */
export function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,47}$/.test(schema)) {
    throw new Error(`Invalid event store schema name "${schema}": use lower-case letters, digits and _`);
  }
}

/** NOTIFY channel that appends signal, one per schema so two stores in one database stay apart. */
export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

function ddl(schema: string): string {
  const s = schema;
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS ${s}.events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  category text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, stream_revision)
);

-- Which store this is, for checkpoints (EventStore.storeId): one row, made once.
CREATE TABLE IF NOT EXISTS ${s}.store_identity (
  id uuid NOT NULL,
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row)
);
INSERT INTO ${s}.store_identity (id) VALUES (gen_random_uuid()) ON CONFLICT DO NOTHING;

-- Subscriptions read one or more categories in (transaction_id, global_position) order.
CREATE INDEX IF NOT EXISTS events_category_transaction_position
  ON ${s}.events (category, transaction_id, global_position);

-- One statement per append, so an append is one round trip. The per-stream advisory lock is taken before the
-- transaction gets its id (the first write assigns it): appends to one stream then get increasing transaction
-- ids in revision order, and subscribers, which order by transaction id, see each stream's events in order.
-- Without it, two writers could take ids in one order and the streams row lock in the other.
CREATE OR REPLACE FUNCTION ${s}.append_events(
  p_stream text, p_category text, p_expected text, p_events jsonb
) RETURNS TABLE (r_conflict boolean, r_revision bigint, r_global_position bigint, r_transaction_id xid8)
LANGUAGE plpgsql AS $fn$
DECLARE
  n bigint := jsonb_array_length(p_events);
  new_revision bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('${s}.streams'), hashtext(p_stream));
  IF p_expected = 'no_stream' THEN
    INSERT INTO ${s}.streams AS st (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT DO NOTHING RETURNING st.revision INTO new_revision;
  ELSIF p_expected = 'stream_exists' THEN
    UPDATE ${s}.streams AS st SET revision = st.revision + n
      WHERE st.stream_name = p_stream RETURNING st.revision INTO new_revision;
  ELSIF p_expected = 'any' THEN
    INSERT INTO ${s}.streams AS st (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO UPDATE SET revision = st.revision + n RETURNING st.revision INTO new_revision;
  ELSE
    UPDATE ${s}.streams AS st SET revision = st.revision + n
      WHERE st.stream_name = p_stream AND st.revision = p_expected::bigint RETURNING st.revision INTO new_revision;
  END IF;

  IF new_revision IS NULL THEN
    RETURN QUERY SELECT true, (SELECT st.revision FROM ${s}.streams AS st WHERE st.stream_name = p_stream),
      NULL::bigint, NULL::xid8;
    RETURN;
  END IF;

  PERFORM pg_notify('${notifyChannel(s)}', p_category);
  RETURN QUERY
  WITH inserted AS (
    INSERT INTO ${s}.events (stream_name, category, stream_revision, event_id, type, data, metadata)
    SELECT p_stream, p_category, new_revision - n + e.ord, (e.ev->>'id')::uuid, e.ev->>'type', e.ev->'data',
           e.ev->'metadata'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(ev, ord)
    ORDER BY e.ord
    RETURNING global_position
  )
  SELECT false, new_revision, max(inserted.global_position), pg_current_xact_id() FROM inserted;
END
$fn$;
`;
}
