/**
 * Figure 4: replaying the catalogue's product events into its read model with rebuildProjection (target:
 * ≥ 20,000 events/s). Baseline: batched multi-row INSERTs of as many rows of the read model's own shape, in
 * transactions of the same size. Baseline and rebuild alternate, a few times each.
 */
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { rebuildProjection } from '@app/eventing';
import { catalogSchema } from '../services/catalog/src/config.js';
import { productsProjection } from '../services/catalog/src/projections/products.js';
import { categoriesOf, openServiceStorage } from '@app/service-kit/runtime';
import { service as catalog } from '../services/catalog/src/service.js';
import { productStream } from '../services/catalog/src/application/products.js';
import { sizes } from './config.js';
import { endsDeleted, finalVersion, productHistory } from './product-events.js';
import { quietAfter } from './quiet-logger.js';
import type { Measurement } from './report.js';
import { listRates, median, perSecond, timed } from './stats.js';

const rawTable = 'bench_products_raw';

export async function measureRebuildRate(databaseUrl: string): Promise<Measurement> {
  const { products, eventsPerProduct, appendConcurrency, baselineBatch, rounds } = sizes.rebuild;
  // The service's own storage: its pool (search_path = catalog), event store and prepareStorage migrations.
  let closed = false;
  const storage = await openServiceStorage(
    catalog.storage,
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: appendConcurrency + 2,
      DATABASE_ACQUIRE_TIMEOUT_MS: 30_000,
    },
    quietAfter('catalog storage', () => closed),
  );
  try {
    const { pool, eventStore } = storage;
    const appendMs = await timed(async () => {
      let next = 0;
      const worker = async () => {
        for (let index = next++; index < products; index = next++) {
          const { productId, events } = productHistory(index, eventsPerProduct);
          await eventStore.append(productStream(productId), events, 'no_stream');
        }
      };
      await Promise.all(Array.from({ length: appendConcurrency }, worker));
    });

    await pool.query(`CREATE TABLE ${rawTable} (LIKE products INCLUDING ALL)`);
    const rows = products * eventsPerProduct;
    const rebuildRates: number[] = [];
    const baselineRates: number[] = [];
    let events = 0;
    for (let round = 0; round < rounds; round += 1) {
      baselineRates.push(await rawInsertRate(pool, rows, baselineBatch));
      const rebuilt = await rebuildProjection({
        eventStore,
        pool,
        schema: catalogSchema,
        categories: categoriesOf(catalog),
        projection: productsProjection,
      });
      events = rebuilt.events;
      rebuildRates.push(rebuilt.events / rebuilt.seconds);
    }
    await checkReadModel(pool, products);

    const mode = 'applyBatch' in productsProjection ? 'applyBatch' : 'apply per event (no applyBatch)';
    return {
      value: median(rebuildRates),
      baseline: median(baselineRates),
      unit: 'events/s',
      baselineUnit: 'rows/s',
      target: { on: 'value', atLeast: 20_000 },
      notes: [
        `${products} product streams × ${eventsPerProduct} events, written with multi-event appends in` +
          ` ${Math.round(appendMs)} ms;`,
        `rebuildProjection(catalog.products.v1, ${mode}) of all ${events} events (the earlier figures' too),`,
        `${rounds} times, each after a baseline run of ${rows} rows of the products table's shape in`,
        `${baselineBatch}-row INSERT transactions; medians of the runs.`,
        `rebuild: ${listRates(rebuildRates)} events/s; baseline: ${listRates(baselineRates)} rows/s.`,
      ],
    };
  } finally {
    closed = true;
    await storage.close();
  }
}

/** Rows per second into a copy of the products table, one multi-row INSERT per transaction. */
async function rawInsertRate(pool: pg.Pool, rows: number, batch: number): Promise<number> {
  await pool.query(`TRUNCATE ${rawTable}`);
  const client = await pool.connect();
  try {
    const ms = await timed(async () => {
      for (let start = 0; start < rows; start += batch) {
        const count = Math.min(batch, rows - start);
        const ids = Array.from({ length: count }, () => uuidv7());
        const names = ids.map((_, i) => `Bench product ${start + i}`);
        const slugs = ids.map((_, i) => `bench-product-${start + i}`);
        const prices = ids.map((_, i) => 1_000 + i);
        const features = ids.map((_, i) => JSON.stringify(['Dashboards', `Feature ${i}`]));
        const times = ids.map(() => new Date().toISOString());
        await client.query('BEGIN');
        // Every varying column travels as a parameter, as a projection's rows would.
        await client.query(
          `INSERT INTO ${rawTable} (id, name, slug, description, base_price_cents, category, color, icon, features,
             is_active, revision, created_at, updated_at)
           SELECT id, name, slug, 'A benchmark product.', price, 'Bench', '#3B82F6', 'BarChart3', features, true,
             0, at, at
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::jsonb[], $6::timestamptz[])
             AS t(id, name, slug, price, features, at)`,
          [ids, names, slugs, prices, features, times],
        );
        await client.query('COMMIT');
      }
    });
    return perSecond(rows, ms);
  } finally {
    client.release();
  }
}

/** A fast rebuild that builds the wrong rows is no result: every non-deleted product must be there, latest. */
async function checkReadModel(pool: pg.Pool, products: number): Promise<void> {
  const { rows } = await pool.query<{ total: string; stale: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE name NOT LIKE $1 OR NOT is_active) AS stale
     FROM products WHERE slug LIKE 'bench-product-%'`,
    [`% v${finalVersion(sizes.rebuild.eventsPerProduct)}`],
  );
  let expected = 0;
  for (let index = 0; index < products; index += 1) if (!endsDeleted(index)) expected += 1;
  const found = rows[0];
  if (!found || Number(found.total) !== expected || Number(found.stale) !== 0) {
    throw new Error(
      `read model after the rebuild: ${found?.total ?? 0} bench products (expected ${expected}),` +
        ` ${found?.stale ?? '?'} not at their last version`,
    );
  }
}
