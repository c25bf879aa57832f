import type { Projection } from '../src/projections/projection.js';
import { rebuildProjection, type RebuildOptions, type RebuildResult } from '../src/projections/rebuild.js';
import {
  startProjections,
  type ProjectionRunner,
  type ProjectionsOptions,
} from '../src/projections/start-projections.js';
import type { RelayOptions } from '../src/relay/relay.js';
import { toCatalogEnvelope, type NatsFixture } from './nats-fixtures.js';
import { captureLogger, type StoreFixture } from './projection-fixtures.js';

/**
 * The catalogue's pipeline as the tests run it on a file's store (and NATS): its projections and its relay in the
 * `catalog` schema, over categories of the test's own.
 */
export const catalogSchema = 'catalog';

/** The projections runner of `projections` over `categories` on the file's store, logging to a capture. */
export function runCatalogProjections(
  fixture: StoreFixture,
  categories: readonly string[],
  projections: readonly Projection[],
  options: Partial<ProjectionsOptions> = {},
): Promise<ProjectionRunner> {
  return startProjections({
    eventStore: fixture.store,
    pool: fixture.db.pool,
    schema: catalogSchema,
    categories,
    projections,
    logger: captureLogger(),
    ...options,
  });
}

/** A rebuild of `projection` from `categories` on the file's store. */
export function rebuildCatalogProjection(
  fixture: StoreFixture,
  categories: readonly string[],
  projection: Projection,
  options: Partial<RebuildOptions> = {},
): Promise<RebuildResult> {
  return rebuildProjection({
    eventStore: fixture.store,
    pool: fixture.db.pool,
    schema: catalogSchema,
    categories,
    projection,
    ...options,
  });
}

/** A relay of `categories` on the file's store, publishing the catalogue's envelopes to a stream of its own. */
export function catalogRelayOptions(
  fixture: StoreFixture,
  nats: NatsFixture,
  categories: readonly string[],
  overrides: Partial<RelayOptions> = {},
): RelayOptions {
  const { subjectPrefix, ...stream } = nats.isolatedStream();
  return {
    eventStore: fixture.store,
    pool: fixture.db.pool,
    schema: catalogSchema,
    nats: nats.nc,
    stream,
    subjectPrefix,
    categories,
    toIntegrationEvent: toCatalogEnvelope,
    logger: captureLogger(),
    ...overrides,
  };
}
