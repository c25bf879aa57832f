import { z } from 'zod';
import {
  databaseUrl,
  eventStoreUrl,
  internalTokenSecret,
  internalTokenSecretsAccepted,
  logLevel,
  natsUrl,
  otel,
  port,
} from './env.js';

/**
 * Where an event-sourced service keeps its data: its own database (`<SERVICE>_DATABASE_URL`) or the shared
 * DATABASE_URL (ARCHITECTURE.md "Read models and consistency"), and the event store.
 */
export function storageVariables<Own extends string>(ownDatabaseVariable: Own) {
  const own = { [ownDatabaseVariable]: databaseUrl.optional() } as Record<
    Own,
    ReturnType<typeof databaseUrl.optional>
  >;
  return {
    DATABASE_URL: databaseUrl.optional(),
    ...own,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_ACQUIRE_TIMEOUT_MS: databaseAcquireTimeoutMs,
    EVENTSTORE_URL: eventStoreUrl,
  };
}

/**
 * How long a request waits for a free Postgres connection before it is answered 503: long enough to ride out a
 * burst, short enough to answer before the gateway's own upstream timeout.
 */
export const databaseAcquireTimeoutMs = z.coerce.number().int().min(100).max(60_000).default(5_000);

/** NATS_PREFIX: namespaces stream names and subjects, so environments or test runs can share one server. */
export const natsPrefix = z
  .string()
  .regex(/^[a-z0-9]*$/, 'must be lowercase letters and digits (it prefixes stream names and subjects)')
  .default('');

/**
 * NATS_STREAM_REPLICAS: on how many NATS servers JetStream keeps each stream this process creates. 1 on one
 * server; 3 on the three-node cluster, so a stream survives losing a server (ARCHITECTURE.md "Messaging").
 */
export const natsStreamReplicas = z.coerce
  .number()
  .int()
  .min(1)
  .max(5, 'JetStream replicates a stream on at most 5 servers')
  .default(1);

/**
 * PROCESSED_MESSAGES_RETENTION_DAYS: how long a consumed message's id is kept once its stream sequence covers it
 * (@app/eventing's message-ledger.ts); it must outlast any relay outage after which a republished event is to be
 * recognised by id. At least a day.
 */
export const processedMessagesRetentionDays = z.coerce
  .number()
  .int('must be a whole number of days')
  .min(1, "must be at least 1 day: ids must outlast the streams' duplicate window and relay restarts by far")
  .max(3_650)
  .default(7);

/** What every event-sourced service listens on and talks with, besides its storage. */
export function serviceVariables(name: string, defaultPort: number) {
  return {
    PORT: port.default(defaultPort),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: logLevel,
    NATS_URL: natsUrl,
    NATS_PREFIX: natsPrefix,
    NATS_STREAM_REPLICAS: natsStreamReplicas,
    PROCESSED_MESSAGES_RETENTION_DAYS: processedMessagesRetentionDays,
    INTERNAL_TOKEN_SECRET: internalTokenSecret,
    INTERNAL_TOKEN_SECRETS_ACCEPTED: internalTokenSecretsAccepted,
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
    ...otel(name),
  };
}

/** A parsed configuration with the service's own database URL and the shared one folded into DATABASE_URL. */
export type WithDatabaseUrl<T, Own extends string> = Omit<T, Own | 'DATABASE_URL'> & { DATABASE_URL: string };

export function resolveDatabaseUrl<T extends { DATABASE_URL?: string | undefined }, Own extends string>(
  config: T,
  ownDatabaseVariable: Own,
): WithDatabaseUrl<T, Own> {
  const { DATABASE_URL: shared, ...rest } = config as T & Record<string, unknown>;
  const { [ownDatabaseVariable]: own, ...others } = rest as Record<string, unknown>;
  const url = (own as string | undefined) ?? shared;
  if (!url) {
    throw new Error(
      `Invalid configuration:\n  - DATABASE_URL: set ${ownDatabaseVariable} or DATABASE_URL (not set)`,
    );
  }
  return { ...others, DATABASE_URL: url } as unknown as WithDatabaseUrl<T, Own>;
}
