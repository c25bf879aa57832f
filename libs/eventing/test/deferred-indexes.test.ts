import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { untilHeadReaches } from '@app/test-support/store-head';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { streamName, type Position, type RecordedEvent } from '../src/event-store.js';
import { ensureEventingTables } from '../src/checkpoints.js';
import { deferIndexes } from '../src/projections/deferred-indexes.js';
import { inTransaction } from '../src/postgres/transaction.js';
import { catalogSchema, rebuildCatalogProjection, runCatalogProjections } from './catalog-pipeline.js';
import { captureLogger, createStoreFixture, productCreated } from './projection-fixtures.js';
import { productsProjection, type ProductsProjection } from './projection-products.js';

const fixture = startedForFile(createStoreFixture);

describe('indexes deferred by a rebuild', () => {
  it('fills the table with only its key and unique indexes past the threshold, then builds the others as they were', async () => {
    const { projection, category } = await indexedProjection('products_deferred');
    const before = await indexes(projection.table);
    const { observed, duringReplay } = observingIndexes(projection);

    const result = await rebuildCatalogProjection(fixture, [category], observed, {
      batchSize: 10,
      deferIndexesAfter: 10,
    });

    expect(result.applied).toBe(30);
    expect(duringReplay.map((present) => present.length)).toEqual([5, 2, 2]);
    for (const present of duringReplay.slice(1)) {
      expect(present).toEqual([
        `${catalogSchema}.products_deferred_pkey`,
        `${catalogSchema}.products_deferred_unique_name`,
      ]);
    }
    expect(await indexes(projection.table)).toEqual(before);
    expect(await deferred(projection.name)).toEqual([]);
    expect(await projection.rows(fixture.db.pool)).toHaveLength(30);
  });

  it('keeps every index through a replay smaller than the threshold', async () => {
    const { projection, category } = await indexedProjection('products_small');
    const before = await indexes(projection.table);
    const { observed, duringReplay } = observingIndexes(projection);

    const result = await rebuildCatalogProjection(fixture, [category], observed, {
      batchSize: 10,
      deferIndexesAfter: 30,
    });

    expect(result.applied).toBe(30);
    expect(duringReplay).toEqual([0, 1, 2].map(() => Object.keys(before).sort()));
    expect(await indexes(projection.table)).toEqual(before);
    expect(await projection.rows(fixture.db.pool)).toHaveLength(30);
  });

  it('builds them again when the replay fails, and reports the replay’s error', async () => {
    const { projection, category, failing } = await indexedProjection('products_failing');
    const before = await indexes(projection.table);
    projection.failOn.add(failing);

    await expect(
      rebuildCatalogProjection(fixture, [category], projection, { batchSize: 10, deferIndexesAfter: 0 }),
    ).rejects.toThrow(`simulated failure on ${failing}`);

    expect(await indexes(projection.table)).toEqual(before);
    expect(await deferred(projection.name)).toEqual([]);
  });

  it('builds those a killed rebuild left deferred when the projections next start', async () => {
    const { projection, category } = await indexedProjection('products_killed');
    const before = await indexes(projection.table);
    // The reset transaction of a rebuild that was then killed.
    await ensureEventingTables(fixture.db.pool, catalogSchema);
    await inTransaction(fixture.db.pool, (tx) =>
      deferIndexes(tx, catalogSchema, projection.name, [projection.table]),
    );
    expect(Object.keys(await indexes(projection.table))).toHaveLength(2);
    expect(await deferred(projection.name)).toHaveLength(3);

    const logger = captureLogger();
    const runner = await runCatalogProjections(fixture, [category], [projection], { logger });
    await runner.stop();

    expect(await indexes(projection.table)).toEqual(before);
    expect(await deferred(projection.name)).toEqual([]);
    expect(logger.at('warn')).toEqual([
      expect.objectContaining({ fields: { restored: 3 }, message: expect.stringMatching(/rebuild/) }),
    ]);
  });
});

/**
 * The test products projection declaring its table for deferral, the table with a unique index, a plain one, a
 * partial one and one on an expression, and 30 products in a category of its own.
 */
async function indexedProjection(table: string) {
  const projection: ProductsProjection = productsProjection(catalogSchema, table);
  projection.rebuildTables = [projection.table];
  await projection.create(fixture.db.pool);
  await fixture.db.pool.query(`
    CREATE UNIQUE INDEX ${table}_unique_name ON ${projection.table} (name, product_id);
    CREATE INDEX ${table}_name ON ${projection.table} (name);
    CREATE INDEX ${table}_renamed ON ${projection.table} (product_id) WHERE applied > 1;
    CREATE INDEX ${table}_lower_name ON ${projection.table} (lower(name) DESC)`);
  const category = uniquePrefix('catalog_d');
  const ids: string[] = [];
  let last: Position | undefined;
  for (let n = 0; n < 30; n += 1) {
    const event = productCreated();
    ids.push(event.id);
    ({ position: last } = await fixture.store.append(
      streamName(category, (event.data as { productId: string }).productId),
      [event],
      'no_stream',
    ));
  }
  await untilHeadReaches(fixture.store, [category], last!);
  return { projection, category, failing: ids[15]! };
}

/** The projection, recording the names of its table's indexes as each batch of the replay finds them. */
function observingIndexes(projection: ProductsProjection) {
  const duringReplay: string[][] = [];
  const observed = {
    ...projection,
    applyBatch: async (events: readonly RecordedEvent[], tx: pg.PoolClient) => {
      duringReplay.push(Object.keys(await indexes(projection.table, tx)).sort());
      return projection.applyBatch!(events, tx);
    },
  };
  return { observed, duringReplay };
}

/** The table's indexes by name, with their definitions. */
async function indexes(table: string, db: pg.Pool | pg.PoolClient = fixture.db.pool) {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index WHERE indrelid = $1::regclass ORDER BY 1`,
    [table],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

async function deferred(projection: string): Promise<string[]> {
  const { rows } = await fixture.db.pool.query<{ name: string }>(
    `SELECT name FROM ${catalogSchema}.deferred_indexes WHERE projection = $1 ORDER BY name`,
    [projection],
  );
  return rows.map((row) => row.name);
}
