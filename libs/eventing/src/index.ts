export * from './event-store.js';
export * from './command-handler.js';
export * from './migrations.js';
export {
  createEventStore,
  type ConfiguredEventStore,
  type CreateEventStoreOptions,
} from './create-event-store.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.js';
export { createKurrentEventStore, type KurrentEventStoreOptions } from './kurrentdb/kurrent-event-store.js';
export {
  ensureEventingTables,
  formatPosition,
  lockCheckpoint,
  readCheckpoint,
  readCheckpoints,
  resetCheckpoint,
  writeCheckpoint,
  type Queryable,
} from './checkpoints.js';
export { ForeignCheckpointError } from './foreign-checkpoint.js';
export { MalformedEventError } from './malformed-event.js';
export { listParkedEvents, type ParkedEvent } from './parked-events.js';
export { StreamDeletedError } from './kurrentdb/kurrent-errors.js';
export * from './checkpoint-watcher.js';
export { connectNats } from './nats/connect.js';
export { defaultDuplicateWindowMs, ensureStream, type StreamOptions } from './nats/stream.js';
export * from './nats/integration-consumer.js';
export {
  defaultProcessedMessageRetentionMs,
  minProcessedMessageRetentionMs,
  pruneProcessedMessages,
} from './nats/processed-message-pruning.js';
export type { MessageHandler } from './nats/message-processor.js';
export { MessageNotReadyYet } from './nats/message-not-ready.js';
export * from './relay/relay.js';
export type { EnvelopeMapping } from './relay/publish.js';
export type { EventingLogger } from './logger.js';
export * from './projections/projection.js';
export * from './projections/start-projections.js';
export * from './projections/rebuild.js';
export * from './unique-values.js';
export * from './lag.js';
export { createPostgresPool, type PostgresPoolOptions } from './postgres/pool.js';
export { EventStoreUnavailableError, isStorageUnavailable } from './storage-unavailable.js';
export * from './leases.js';
export { inTransaction } from './postgres/transaction.js';
export * from './aggregate.js';
export * from './stored-event-decoder.js';
export * from './projections/batch-projection.js';
export * from './projections/folded-projection.js';
export * from './projections/folded-table.js';
export * from './aggregate-unique-values.js';
