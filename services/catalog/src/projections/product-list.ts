import type pg from 'pg';
import { z } from 'zod';
import { idSchema, type Product } from '@app/contracts';
import { containsPattern, keysetSql, pageFrom, type KeysetOrder, type Page } from '@app/service-kit';
import { productColumns, toProduct, type ProductRow } from './product-queries.js';

/**
 * GET /api/products, a page at a time, by name then id (ARCHITECTURE.md "Decisions for growth"). The cursor holds
 * the last name exactly as stored and is compared in SQL, so the page boundary follows the column's own
 * collation, which the (…, name, id) indexes of migrations/002 are sorted by.
 */
const order: KeysetOrder = { columns: ['name', 'id'], direction: 'asc' };

export const productKeySchema = z.tuple([z.string(), idSchema]);
export type ProductKey = z.infer<typeof productKeySchema>;

export interface ProductFilters {
  /** A substring of the name or the description, in any case. */
  q?: string | undefined;
  category?: string | undefined;
  slug?: string | undefined;
  /** Only active, or only inactive, products; both when absent. */
  isActive?: boolean | undefined;
}

export async function listProducts(
  db: pg.Pool,
  filters: ProductFilters,
  page: { after: ProductKey | undefined; limit: number },
): Promise<Page<Product>> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (filters.isActive !== undefined) conditions.push(`is_active = ${param(filters.isActive)}`);
  if (filters.category !== undefined) conditions.push(`category = ${param(filters.category)}`);
  if (filters.slug !== undefined) conditions.push(`slug = ${param(filters.slug)}`);
  if (filters.q !== undefined) {
    const pattern = param(containsPattern(filters.q));
    conditions.push(`(lower(name) LIKE lower(${pattern}) OR lower(description) LIKE lower(${pattern}))`);
  }
  const keyset = keysetSql(order, page.after, params);
  if (keyset.after !== null) conditions.push(keyset.after);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<ProductRow>(
    `SELECT ${productColumns} FROM products ${where} ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`,
    params,
  );
  return pageFrom(rows.map(toProduct), page.limit, (product) => [product.name, product.id]);
}
