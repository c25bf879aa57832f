import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { tenancySchema } from '../../src/config.js';

/** Every message on `<prefix>.tenancy.>`, as text, collected by a core subscription (sees JetStream publishes). */
export function collectMessages(nc: NatsConnection, prefix: string) {
  const messages: { subject: string; text: string }[] = [];
  const subscription = nc.subscribe(`${prefix}.tenancy.>`, {
    callback: (error, message) => {
      if (!error) messages.push({ subject: message.subject, text: message.string() });
    },
  });
  return { messages, stop: () => subscription.unsubscribe() };
}

/** Polls until `accept` holds or the deadline passes; the caller's assertion then says what was missing. */
export async function eventually(accept: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Every row of every table in tenancy's schema (read models, idempotency records, checkpoints…) and the raw
 * event store's data and metadata, as JSON text, keyed by where it came from.
 */
export async function storedText(pool: pg.Pool): Promise<Map<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [tenancySchema],
  );
  const found = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM ${tenancySchema}."${name}" t`,
    );
    found.set(
      `${tenancySchema}.${name}`,
      rows.map(({ row }) => row),
    );
  }
  const { rows: events } = await pool.query<{ row: string }>(
    `SELECT data::text || ' ' || metadata::text AS row FROM eventstore.events`,
  );
  found.set(
    'eventstore.events',
    events.map(({ row }) => row),
  );
  return found;
}

/** The places (labels) whose texts contain any of the secrets, with which secret, to make a failure readable. */
export function leaks(texts: Iterable<[string, string]>, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const [where, text] of texts)
    for (const secret of secrets) if (text.includes(secret)) found.push(`${where} contains ${secret}`);
  return found;
}
