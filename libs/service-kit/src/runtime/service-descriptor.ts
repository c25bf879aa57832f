import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceApp } from '../http/fastify-types.js';
import type pg from 'pg';
import type { DestinationStream, Logger } from 'pino';
import type { AuditProducer, IntegrationEnvelope } from '@app/contracts';
import type { ConfiguredEventStore, Projection, ProjectionRunner, RecordedEvent } from '@app/eventing';
import type { AuditedAggregate } from '../audit/audited-aggregate.js';
import type { CommandReplies } from '../http/command-reply.js';
import type { ReadinessCheck } from '../http/health.js';
import type { AcceptedSecrets } from '../identity/identity-token.js';
import type { Telemetry } from '../telemetry/start-telemetry.js';
import type { ServiceSchema, ServiceStorage, StorageSettings } from './storage.js';

/** What every event-sourced service's environment holds (service-env.ts's variables), whatever it adds. */
export interface ServiceRuntimeConfig extends StorageSettings {
  PORT: number;
  HOST: string;
  LOG_LEVEL: string;
  NATS_URL: string;
  NATS_PREFIX: string;
  NATS_STREAM_REPLICAS: number;
  PROCESSED_MESSAGES_RETENTION_DAYS: number;
  INTERNAL_TOKEN_SECRET: string;
  INTERNAL_TOKEN_SECRETS_ACCEPTED: readonly string[];
  READ_YOUR_WRITES_TIMEOUT_MS: number;
}

/** The clients a service's running parts share, opened once by the runtime. */
export interface ServiceClients {
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  nats: NatsConnection;
  projections: ProjectionRunner;
  logger: Logger;
  /** NATS_PREFIX: prefixes every stream and subject the service names. */
  natsPrefix: string;
  /** PROCESSED_MESSAGES_RETENTION_DAYS, in milliseconds: what its consumers' pruning keeps. */
  processedMessageRetentionMs?: number;
}

/** What every service's HTTP app is built from; its own config adds the rest. */
export interface ServiceAppContext {
  /** The service's Postgres schema: its idempotency keys live there. */
  schema: string;
  identitySecret: AcceptedSecrets;
  logLevel: string;
  /** Where log lines go; stdout when absent (tests read them from here). */
  logStream?: DestinationStream;
  telemetry?: Telemetry;
  db: pg.Pool;
  eventStore: ConfiguredEventStore;
  replies: CommandReplies;
  readiness: ReadinessCheck[];
}

/** A one-shot entry point (the seed, tenancy's reseal): its own environment, storage opened and closed for it. */
export interface EntryCommand {
  run(openStorage: (settings: StorageSettings) => Promise<ServiceStorage>): Promise<void>;
}

export function entryCommand<Config extends StorageSettings>(
  loadConfig: () => Config,
  run: (storage: ServiceStorage, config: Config) => Promise<void>,
): EntryCommand {
  return {
    async run(openStorage) {
      const config = loadConfig();
      const storage = await openStorage(config);
      try {
        await run(storage, config);
      } finally {
        await storage.close();
      }
    },
  };
}

/**
 * An event-sourced service, declared (STYLE.md "A service is declared, not assembled"): what it owns and does.
 * service-kit builds its server, relay, rebuild and seed entry points (entry.ts) and its test harness from this.
 */
export interface ServiceDescriptor<
  Config extends ServiceRuntimeConfig = ServiceRuntimeConfig,
  Shared = undefined,
> {
  name: string;
  /** Its Postgres schema and read-model migrations. */
  storage: ServiceSchema;
  /** The aggregates it writes: their categories are what its projections read and its relay publishes. */
  aggregates: readonly { category: string }[];
  projections: readonly Projection[];
  /** Its public stream and how a stored event becomes an integration event (null: not published). */
  publishes: {
    stream: { name: string; subjects: readonly string[] };
    toIntegrationEvent: (event: RecordedEvent) => IntegrationEnvelope | null;
  };
  /**
   * Its audit trail (issue 21): the producer's name on its entries, and the audit mapping of each of its
   * aggregates (one for every category in `aggregates`, checked at start), which its audit relay publishes.
   */
  audit: { producer: AuditProducer; aggregates: readonly AuditedAggregate[] };
  /** The server's environment (config.ts); the rebuild needs storage only. */
  loadConfig(): Config;
  loadStorageConfig(): StorageSettings;
  /**
   * What the app and the workers share, made once per process: billing's payment provider and the counter of
   * payment outcomes that its checkout routes and its renewal runner both add to.
   */
  shared?(clients: ServiceClients, config: Config): Shared;
  app(context: ServiceAppContext, config: Config, shared: Shared): Promise<ServiceApp>;
  /** Consumers of other services' events and background work; started after the projections, stopped first. */
  workers?(clients: ServiceClients, config: Config, shared: Shared): Promise<{ stop(): Promise<void> }>;
  /** The demo seed `npm start` runs once the service is ready. */
  seed?: EntryCommand;
  /** Further one-shot commands (`dist/<name>.cjs`). */
  commands?: Readonly<Record<string, EntryCommand>>;
  /** How old an unhandled event may get before readiness says `degraded`; default defaultLagDegradedAfterMs. */
  lagDegradedAfterMs?: number;
}

export function defineService<Config extends ServiceRuntimeConfig, Shared = undefined>(
  descriptor: ServiceDescriptor<Config, Shared>,
): ServiceDescriptor<Config, Shared> {
  return descriptor;
}

/** The categories a service owns, from its aggregates. */
export function categoriesOf(descriptor: Pick<ServiceDescriptor, 'aggregates'>): string[] {
  return descriptor.aggregates.map((aggregate) => aggregate.category);
}
