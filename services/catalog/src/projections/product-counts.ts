import type pg from 'pg';
import type { ProductSummary } from '@app/contracts';

// The counts the triggers of migrations/003 keep with the `products` rows.

/** GET /api/admin/products/summary: one row, whatever the number of products. */
export async function productSummary(db: pg.Pool): Promise<ProductSummary> {
  const { rows } = await db.query<{ products: string; active_products: string }>(
    'SELECT products, active_products FROM product_counts',
  );
  const row = rows[0];
  if (!row) throw new Error('product_counts has no row: migrations/003_product_counts.sql inserts it');
  return { totalProducts: Number(row.products), activeProducts: Number(row.active_products) };
}

/** GET /api/products/categories: the categories of at least one product the caller may see, sorted. */
export async function productCategories(
  db: pg.Pool,
  options: { includeInactive: boolean },
): Promise<string[]> {
  const { rows } = await db.query<{ category: string }>(
    `SELECT category FROM product_category_counts
      WHERE CASE WHEN $1 THEN products ELSE active_products END > 0
      ORDER BY category`,
    [options.includeInactive],
  );
  return rows.map((row) => row.category);
}
