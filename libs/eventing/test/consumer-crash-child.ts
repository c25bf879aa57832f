/**
 * Runs an integration consumer in a process of its own that SIGKILLs itself at its first batch's COMMIT, before
 * sending it or right after it succeeded (before any ack), so consumer-crash.test.ts can show what each crash
 * leaves. Configured through the environment; the handler inserts each envelope's id into TABLE.
 */
import pg from 'pg';
import { connectNats } from '../src/nats/connect.js';
import { startIntegrationConsumer } from '../src/nats/integration-consumer.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const crashAt = env('CRASH_AT');
if (crashAt !== 'before-commit' && crashAt !== 'after-commit') throw new Error(`CRASH_AT ${crashAt}`);

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 4 });
let armed = false;
const die = () => process.kill(process.pid, 'SIGKILL');
const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
// inTransaction takes its client with connect(); pool.query passes a callback, and is left alone.
Object.assign(pool, {
  connect: (...args: unknown[]) => (args.length > 0 ? connect(...args) : dyingAtCommit(connect())),
});

const dying = new WeakSet<pg.PoolClient>();

async function dyingAtCommit(connecting: Promise<pg.PoolClient> | undefined): Promise<pg.PoolClient> {
  const client = (await connecting) as pg.PoolClient;
  if (dying.has(client)) return client;
  dying.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  return Object.assign(client, {
    query: async (...args: unknown[]) => {
      const commit = armed && args[0] === 'COMMIT';
      if (commit && crashAt === 'before-commit') die();
      const result = await query(...args);
      if (commit) die();
      return result;
    },
  });
}

const nats = await connectNats({ url: env('NATS_URL'), name: 'consumer-crash-child' });
const quiet = () => undefined;
await startIntegrationConsumer({
  nats,
  stream: env('STREAM'),
  durableName: env('DURABLE'),
  filterSubject: env('FILTER'),
  pool,
  schema: env('SCHEMA'),
  ackWaitMs: 1_000,
  batchSize: 10,
  logger: {
    debug: quiet,
    info: quiet,
    warn: quiet,
    error: (fields, message) => console.error(message, fields),
  },
  handle: async (envelope, tx) => {
    await tx.query(`INSERT INTO ${env('TABLE')} VALUES ($1)`, [envelope.id]);
  },
});
armed = true;
console.log('consumer started');
