import type pg from 'pg';
import { catalogProductCopy } from '@app/catalog-copy';
import type { ProductForSale } from '../domain/payment/checkout-price.js';

/** Billing's copy of the catalogue (migrations/001 and 307): the plans' prices checkouts are charged. */
export const applyCatalogProductMessage = catalogProductCopy({ keeps: ['slug'] });

interface ProductRow {
  product_id: string;
  name: string;
  base_price_cents: string;
  basic_price_cents: string | null;
  enterprise_price_cents: string | null;
  is_active: boolean;
  deleted: boolean;
}

const centsOrNull = (cents: string | null): number | null => (cents === null ? null : Number(cents));

const toProduct = (row: ProductRow): ProductForSale => ({
  productId: row.product_id,
  name: row.name,
  basePriceCents: Number(row.base_price_cents),
  basicPriceCents: centsOrNull(row.basic_price_cents),
  enterprisePriceCents: centsOrNull(row.enterprise_price_cents),
  isActive: row.is_active,
  deleted: row.deleted,
});

export async function findProductForSale(
  db: pg.Pool | pg.PoolClient,
  productId: string,
): Promise<ProductForSale | null> {
  const { rows } = await db.query<ProductRow>(
    `SELECT product_id, name, base_price_cents, basic_price_cents, enterprise_price_cents, is_active, deleted
     FROM products WHERE product_id = $1`,
    [productId],
  );
  return rows[0] ? toProduct(rows[0]) : null;
}
