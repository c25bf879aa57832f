import type pg from 'pg';
import { catalogIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * Tenancy's copy of the catalogue (migrations/101_products.sql), kept from catalog.product.* messages. Created
 * and updated carry every detail; activation flips the flag; deletion keeps the row with its last name.
 */
export async function applyCatalogProductMessage(
  envelope: IntegrationEnvelope,
  tx: pg.PoolClient,
): Promise<void> {
  const parsed = catalogIntegrationEventSchema.safeParse(envelope);
  // Another version of an event, or one tenancy does not read: nothing to copy.
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'catalog.product.created.v1': {
      const { productId, name, basePriceCents, color, isActive, createdAt } = event.data;
      await tx.query(
        `INSERT INTO products (product_id, name, base_price_cents, color, is_active, deleted, updated_at)
         VALUES ($1, $2, $3, $4, $5, false, $6)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, base_price_cents = $3, color = $4, is_active = $5,
           updated_at = $6`,
        [productId, name, basePriceCents, color, isActive, createdAt],
      );
      return;
    }
    case 'catalog.product.updated.v1': {
      const { productId, name, basePriceCents, color, updatedAt } = event.data;
      // An update carries no active flag; one for a product never seen counts as inactive until told.
      await tx.query(
        `INSERT INTO products (product_id, name, base_price_cents, color, is_active, deleted, updated_at)
         VALUES ($1, $2, $3, $4, false, false, $5)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, base_price_cents = $3, color = $4, updated_at = $5`,
        [productId, name, basePriceCents, color, updatedAt],
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
      const { productId, name, deletedAt } = event.data;
      await tx.query(
        `INSERT INTO products (product_id, name, base_price_cents, color, is_active, deleted, updated_at)
         VALUES ($1, $2, 0, '#3B82F6', false, true, $3)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, is_active = false, deleted = true, updated_at = $3`,
        [productId, name, deletedAt],
      );
      return;
    }
  }
}

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
