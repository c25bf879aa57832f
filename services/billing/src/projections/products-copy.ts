import type pg from 'pg';
import { catalogIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import type { ProductForSale } from '../domain/payment/checkout-price.js';

/**
 * Billing's copy of the catalogue (migrations/001_products.sql), kept from catalog.product.* messages: the
 * prices checkouts are charged. Created and updated carry every detail; activation flips the flag; deletion
 * keeps the row with its last name.
 */
export async function applyCatalogProductMessage(
  envelope: IntegrationEnvelope,
  tx: pg.PoolClient,
): Promise<void> {
  const parsed = catalogIntegrationEventSchema.safeParse(envelope);
  // Another version of an event, or one billing does not read: nothing to copy.
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'catalog.product.created.v1': {
      const { productId, name, slug, basePriceCents, isActive, createdAt } = event.data;
      await tx.query(
        `INSERT INTO products (product_id, name, slug, base_price_cents, is_active, deleted, updated_at)
         VALUES ($1, $2, $3, $4, $5, false, $6)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, slug = $3, base_price_cents = $4, is_active = $5,
           updated_at = $6`,
        [productId, name, slug, basePriceCents, isActive, createdAt],
      );
      return;
    }
    case 'catalog.product.updated.v1': {
      const { productId, name, slug, basePriceCents, updatedAt } = event.data;
      // An update carries no active flag; one for a product never seen counts as inactive until told.
      await tx.query(
        `INSERT INTO products (product_id, name, slug, base_price_cents, is_active, deleted, updated_at)
         VALUES ($1, $2, $3, $4, false, false, $5)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, slug = $3, base_price_cents = $4, updated_at = $5`,
        [productId, name, slug, basePriceCents, updatedAt],
      );
      return;
    }
    case 'catalog.product.activated.v1':
    case 'catalog.product.deactivated.v1':
      await tx.query(
        'UPDATE products SET is_active = $2, updated_at = $3 WHERE product_id = $1 AND NOT deleted',
        [event.data.productId, event.type === 'catalog.product.activated.v1', event.data.changedAt],
      );
      return;
    case 'catalog.product.deleted.v1': {
      const { productId, name, slug, deletedAt } = event.data;
      await tx.query(
        `INSERT INTO products (product_id, name, slug, base_price_cents, is_active, deleted, updated_at)
         VALUES ($1, $2, $3, 0, false, true, $4)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, is_active = false, deleted = true, updated_at = $4`,
        [productId, name, slug, deletedAt],
      );
      return;
    }
  }
}

interface ProductRow {
  product_id: string;
  name: string;
  base_price_cents: string;
  is_active: boolean;
  deleted: boolean;
}

const toProduct = (row: ProductRow): ProductForSale => ({
  productId: row.product_id,
  name: row.name,
  basePriceCents: Number(row.base_price_cents),
  isActive: row.is_active,
  deleted: row.deleted,
});

export async function findProductForSale(
  db: pg.Pool | pg.PoolClient,
  productId: string,
): Promise<ProductForSale | null> {
  const { rows } = await db.query<ProductRow>(
    'SELECT product_id, name, base_price_cents, is_active, deleted FROM products WHERE product_id = $1',
    [productId],
  );
  return rows[0] ? toProduct(rows[0]) : null;
}
