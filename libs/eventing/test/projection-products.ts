import type pg from 'pg';
import type { RecordedEvent } from '../src/event-store.js';
import type { Projection } from '../src/projections/projection.js';

/**
 * A read model of product names. `applied` counts the events folded into each row, so applying an event twice
 * shows up as a wrong count rather than hiding behind an idempotent upsert.
 */
export interface ProductsProjection extends Projection {
  table: string;
  create(pool: pg.Pool): Promise<void>;
  rows(pool: pg.Pool): Promise<{ product_id: string; name: string; applied: number }[]>;
  /** Event ids whose apply() throws, to simulate a bug or an outage. */
  failOn: Set<string>;
}

export function productsProjection(schema: string, table: string, withBatch = true): ProductsProjection {
  const qualified = `${schema}.${table}`;
  const failOn = new Set<string>();
  const check = (event: RecordedEvent) => {
    if (failOn.has(event.id)) throw new Error(`simulated failure on ${event.id}`);
  };
  const projection: ProductsProjection = {
    name: `test.${table}.v1`,
    eventTypes: ['ProductCreated', 'ProductRenamed'],
    table: qualified,
    failOn,
    async create(pool) {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await pool.query(`CREATE TABLE IF NOT EXISTS ${qualified} (
        product_id uuid PRIMARY KEY, name text NOT NULL, applied int NOT NULL)`);
    },
    async rows(pool) {
      const result = await pool.query(
        `SELECT product_id, name, applied FROM ${qualified} ORDER BY product_id`,
      );
      return result.rows;
    },
    async apply(event, tx) {
      check(event);
      const { productId, name } = event.data as { productId: string; name: string };
      if (event.type === 'ProductCreated') {
        await tx.query(`INSERT INTO ${qualified} (product_id, name, applied) VALUES ($1, $2, 1)`, [
          productId,
          name,
        ]);
      } else {
        await tx.query(`UPDATE ${qualified} SET name = $2, applied = applied + 1 WHERE product_id = $1`, [
          productId,
          name,
        ]);
      }
    },
    async reset(tx) {
      await tx.query(`TRUNCATE ${qualified}`);
    },
  };
  if (withBatch) {
    // Folds the batch in memory, then one upsert: the same rows as apply() event by event.
    projection.applyBatch = async (events, tx) => {
      const folded = new Map<string, { name: string; applied: number }>();
      for (const event of events) {
        check(event);
        const { productId, name } = event.data as { productId: string; name: string };
        const row = folded.get(productId);
        folded.set(productId, { name, applied: (row?.applied ?? 0) + 1 });
      }
      await tx.query(
        `INSERT INTO ${qualified} (product_id, name, applied)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[])
         ON CONFLICT (product_id) DO UPDATE
           SET name = excluded.name, applied = ${qualified}.applied + excluded.applied`,
        [
          [...folded.keys()],
          [...folded.values()].map((row) => row.name),
          [...folded.values()].map((row) => row.applied),
        ],
      );
    };
  }
  return projection;
}
