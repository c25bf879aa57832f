import type pg from 'pg';
import { catalogProductCopy } from '@app/catalog-copy';

/**
 * Tenancy's copy of the catalogue (migrations/101 and 114): names, plan prices and colours in subscription lists
 * and for an admin's new subscription.
 */
export const applyCatalogProductMessage = catalogProductCopy({ keeps: ['color'] });

export interface ProductCopy {
  productId: string;
  name: string;
  /** The professional plan's price. */
  basePriceCents: number;
  /** null: the product does not offer that plan. */
  basicPriceCents: number | null;
  enterprisePriceCents: number | null;
  isActive: boolean;
}

const centsOrNull = (cents: string | null): number | null => (cents === null ? null : Number(cents));

/** A deleted product reads as inactive: it can no longer be subscribed to. */
export async function findProductCopy(
  db: pg.Pool | pg.PoolClient,
  productId: string,
): Promise<ProductCopy | null> {
  const { rows } = await db.query<{
    name: string;
    base_price_cents: string;
    basic_price_cents: string | null;
    enterprise_price_cents: string | null;
    is_active: boolean;
    deleted: boolean;
  }>(
    `SELECT name, base_price_cents, basic_price_cents, enterprise_price_cents, is_active, deleted
     FROM products WHERE product_id = $1`,
    [productId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    productId,
    name: row.name,
    basePriceCents: Number(row.base_price_cents),
    basicPriceCents: centsOrNull(row.basic_price_cents),
    enterprisePriceCents: centsOrNull(row.enterprise_price_cents),
    isActive: row.is_active && !row.deleted,
  };
}
