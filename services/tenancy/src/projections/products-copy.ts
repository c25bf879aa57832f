import type pg from 'pg';
import { catalogProductCopy } from '@app/catalog-copy';

/** Tenancy's copy of the catalogue (migrations/101_products.sql): names, prices and colours in subscription lists. */
export const applyCatalogProductMessage = catalogProductCopy({ keeps: ['color'] });

export interface ProductCopy {
  productId: string;
  name: string;
  basePriceCents: number;
  isActive: boolean;
}

/** A deleted product reads as inactive: it can no longer be subscribed to. */
export async function findProductCopy(
  db: pg.Pool | pg.PoolClient,
  productId: string,
): Promise<ProductCopy | null> {
  const { rows } = await db.query<{
    name: string;
    base_price_cents: string;
    is_active: boolean;
    deleted: boolean;
  }>('SELECT name, base_price_cents, is_active, deleted FROM products WHERE product_id = $1', [productId]);
  const row = rows[0];
  if (!row) return null;
  return {
    productId,
    name: row.name,
    basePriceCents: Number(row.base_price_cents),
    isActive: row.is_active && !row.deleted,
  };
}
