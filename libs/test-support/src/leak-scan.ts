import type { FastifyInstance, InjectOptions } from 'fastify';
import type pg from 'pg';

/** Labelled texts to look for secrets in: `[where, text]`. */
export type LabelledText = readonly [string, string];

/** The lines a logger writing to `stream` leaves, for a scan to read. */
export function capturedLogs() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    labelled: (): LabelledText[] => lines.map((line, index) => [`log line ${index}`, line]),
  };
}

/** Requests sent through `call`, with every answer kept as `<METHOD> <url> → <status>` and its body. */
export function recordedCalls(app: () => Pick<FastifyInstance, 'inject'>) {
  const responses: LabelledText[] = [];
  return {
    responses,
    async call(options: InjectOptions & { url: string }) {
      const response = await app().inject(options);
      responses.push([`${options.method ?? 'GET'} ${options.url} → ${response.statusCode}`, response.body]);
      return response;
    },
  };
}

/**
 * Every row of every table in `schema` (read models, idempotency records, checkpoints…) and every stored
 * event's data and metadata, as JSON text labelled with the table it came from.
 */
export async function storedText(pool: pg.Pool, schema: string): Promise<LabelledText[]> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [schema],
  );
  const found: LabelledText[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM ${schema}."${name}" t`,
    );
    for (const { row } of rows) found.push([`${schema}.${name}`, row]);
  }
  const { rows: events } = await pool.query<{ row: string }>(
    `SELECT data::text || ' ' || metadata::text AS row FROM eventstore.events`,
  );
  for (const { row } of events) found.push(['eventstore.events', row]);
  return found;
}

/** Where any of the secrets turns up, and which, so that a failure says what leaked where. */
export function leaks(texts: Iterable<LabelledText>, secrets: readonly string[]): string[] {
  return [...texts].flatMap(([where, text]) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${where} contains ${secret}`),
  );
}
