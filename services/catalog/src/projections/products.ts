import type pg from 'pg';
import { dollarsFromCents, type Product, type ProductIcon } from '@app/contracts';
import { productEventSchema, productEventTypes } from '../domain/product/events.js';
import type { Projection, RecordedEvent } from '@app/eventing';

/** The `products` read model (migrations/001_products.sql): one row per product that is not deleted. */
export const productsProjection: Projection = {
  name: 'catalog.products.v1',
  eventTypes: productEventTypes,
  apply: (event, tx) => applyProductEvents([event], tx),
  applyBatch: applyProductEvents,
  async reset(tx) {
    await tx.query('TRUNCATE products');
  },
};

/** A products row as the batch builds it before writing; names follow the table's columns. */
interface PendingRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  base_price_cents: number;
  category: string | null;
  color: string;
  icon: string;
  features: string[];
  is_active: boolean;
  revision: number;
  created_at: string;
  updated_at: string;
}

/**
 * Applies events in log order with as few round trips as possible (a rebuild replays every event): products
 * created in this batch are folded in memory and written by one multi-row insert at the end; events for
 * products created earlier update their rows directly. One event at a time goes through the same code.
 */
async function applyProductEvents(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const created = new Map<string, PendingRow>();
  for (const recorded of events) {
    const event = productEventSchema.parse({ type: recorded.type, data: recorded.data });
    const revision = recorded.revision;
    const pending = created.get(event.data.productId);
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, basePriceCents, isActive, createdAt, ...rest } = event.data;
        created.set(productId, {
          ...rest,
          id: productId,
          base_price_cents: basePriceCents,
          is_active: isActive,
          revision,
          created_at: createdAt,
          updated_at: createdAt,
        });
        break;
      }
      case 'ProductUpdated': {
        const { productId, basePriceCents, updatedAt, ...rest } = event.data;
        if (pending) {
          Object.assign(pending, rest, { base_price_cents: basePriceCents, revision, updated_at: updatedAt });
          break;
        }
        await tx.query(
          `UPDATE products SET name = $2, slug = $3, description = $4, base_price_cents = $5, category = $6,
             color = $7, icon = $8, features = $9, revision = $10, updated_at = $11
           WHERE id = $1`,
          [
            productId,
            rest.name,
            rest.slug,
            rest.description,
            basePriceCents,
            rest.category,
            rest.color,
            rest.icon,
            JSON.stringify(rest.features),
            revision,
            updatedAt,
          ],
        );
        break;
      }
      case 'ProductActivated':
      case 'ProductDeactivated': {
        const isActive = event.type === 'ProductActivated';
        const at = event.type === 'ProductActivated' ? event.data.activatedAt : event.data.deactivatedAt;
        if (pending) {
          Object.assign(pending, { is_active: isActive, revision, updated_at: at });
          break;
        }
        await tx.query('UPDATE products SET is_active = $2, revision = $3, updated_at = $4 WHERE id = $1', [
          event.data.productId,
          isActive,
          revision,
          at,
        ]);
        break;
      }
      case 'ProductDeleted':
        if (pending) created.delete(event.data.productId);
        else await tx.query('DELETE FROM products WHERE id = $1', [event.data.productId]);
        break;
    }
  }
  if (created.size > 0) {
    await tx.query(
      `INSERT INTO products (id, name, slug, description, base_price_cents, category, color, icon, features,
         is_active, revision, created_at, updated_at)
       SELECT id, name, slug, description, base_price_cents, category, color, icon, features, is_active, revision,
         created_at, updated_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, name text, slug text, description text,
         base_price_cents bigint, category text, color text, icon text, features jsonb, is_active boolean,
         revision bigint, created_at timestamptz, updated_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify([...created.values()])],
    );
  }
}

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
    basePrice: dollarsFromCents(Number(row.base_price_cents)),
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
