/**
 * Runs a relay in a process of its own so relay-restart.test.ts can SIGKILL it after it published and before it
 * wrote a checkpoint (the checkpoint interval is far longer than the test). Configured through the environment.
 */
import pg from 'pg';
import { connectNats } from '../src/nats/connect.js';
import { createPostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { startRelay } from '../src/relay/relay.js';
import { toCatalogEnvelope } from './nats-fixtures.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 4 });
const nats = await connectNats({ url: env('NATS_URL'), name: 'relay-crash-child' });
const quiet = () => undefined;
await startRelay({
  eventStore: createPostgresEventStore({ pool, pollIntervalMs: 50 }),
  pool,
  schema: env('SCHEMA'),
  nats,
  stream: { name: env('STREAM'), subjects: [env('SUBJECTS')] },
  subjectPrefix: env('SUBJECT_PREFIX'),
  categories: [env('CATEGORY')],
  toIntegrationEvent: toCatalogEnvelope,
  logger: {
    debug: quiet,
    info: quiet,
    warn: quiet,
    error: (fields, message) => console.error(message, fields),
  },
  checkpointEvery: { events: 1_000_000, ms: 25_000 },
});
console.log('relay started');
