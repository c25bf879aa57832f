import type pg from 'pg';
import {
  centsToDollars,
  productEventSchema,
  productEventTypes,
  type Product,
  type ProductIcon,
} from '@app/contracts';
import type { RecordedEvent } from '@app/eventing';

/** The `products` read model (migrations/001_products.sql): one row per product that is not deleted. */
export const productsProjection = {
  name: 'catalog.products.v1',
  eventTypes: productEventTypes,

  async apply(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
    const event = productEventSchema.parse({ type: recorded.type, data: recorded.data });
    const revision = recorded.revision;
    switch (event.type) {
      case 'ProductCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO products (id, name, slug, description, base_price_cents, category, color, icon, features,
             is_active, revision, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.productId,
            d.name,
            d.slug,
            d.description,
            d.basePriceCents,
            d.category,
            d.color,
            d.icon,
            JSON.stringify(d.features),
            d.isActive,
            revision,
            d.createdAt,
          ],
        );
        return;
      }
      case 'ProductUpdated': {
        const d = event.data;
        await tx.query(
          `UPDATE products SET name = $2, slug = $3, description = $4, base_price_cents = $5, category = $6,
             color = $7, icon = $8, features = $9, revision = $10, updated_at = $11
           WHERE id = $1`,
          [
            d.productId,
            d.name,
            d.slug,
            d.description,
            d.basePriceCents,
            d.category,
            d.color,
            d.icon,
            JSON.stringify(d.features),
            revision,
            d.updatedAt,
          ],
        );
        return;
      }
      case 'ProductActivated':
      case 'ProductDeactivated': {
        const at = event.type === 'ProductActivated' ? event.data.activatedAt : event.data.deactivatedAt;
        await tx.query('UPDATE products SET is_active = $2, revision = $3, updated_at = $4 WHERE id = $1', [
          event.data.productId,
          event.type === 'ProductActivated',
          revision,
          at,
        ]);
        return;
      }
      case 'ProductDeleted':
        await tx.query('DELETE FROM products WHERE id = $1', [event.data.productId]);
        return;
    }
  },

  async reset(tx: pg.PoolClient): Promise<void> {
    await tx.query('TRUNCATE products');
  },
};

interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  base_price_cents: string;
  category: string | null;
  color: string;
  icon: ProductIcon;
  features: string[];
  is_active: boolean;
  revision: string;
  created_at: Date;
  updated_at: Date;
}

const columns = `id, name, slug, description, base_price_cents, category, color, icon, features, is_active, revision,
  created_at, updated_at`;

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    basePrice: centsToDollars(Number(row.base_price_cents)),
    category: row.category,
    color: row.color,
    icon: row.icon,
    features: row.features,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Admins see every product; everyone else only active ones (ARCHITECTURE.md "Catalogue"). */
export async function listProducts(db: pg.Pool, options: { includeInactive: boolean }): Promise<Product[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${columns} FROM products WHERE is_active OR $1 ORDER BY name, id`,
    [options.includeInactive],
  );
  return rows.map(toProduct);
}

export async function findProduct(
  db: pg.Pool,
  id: string,
  options: { includeInactive: boolean },
): Promise<{ product: Product; revision: number } | null> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${columns} FROM products WHERE id = $1 AND (is_active OR $2)`,
    [id, options.includeInactive],
  );
  const row = rows[0];
  return row ? { product: toProduct(row), revision: Number(row.revision) } : null;
}
