import type pg from 'pg';
import { dollarsFromCents, type Product, type ProductIcon } from '@app/contracts';
import { productEventTypes } from '../domain/product/events.js';
import { rowProjection, rowTable, type RecordedEvent, type RowBatch } from '@app/eventing';
import { products } from '../application/products.js';

/** The `products` read model (migrations/001_products.sql): one row per product that is not deleted. */
export const productsProjection = rowProjection({
  name: 'catalog.products.v1',
  eventTypes: productEventTypes,
  table: rowTable<PendingRow>('products', {
    id: 'uuid',
    name: 'text',
    slug: 'text',
    description: 'text',
    base_price_cents: 'bigint',
    category: 'text',
    color: 'text',
    icon: 'text',
    features: 'jsonb',
    is_active: 'boolean',
    revision: 'bigint',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
  applyEvent: applyProductEvent,
  async reset(tx) {
    await tx.query('TRUNCATE products');
  },
});

/** A products row as the batch writes it; names follow the table's columns. */
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

async function applyProductEvent(recorded: RecordedEvent, rows: RowBatch<PendingRow>): Promise<void> {
  const event = products.decode(recorded);
  const revision = recorded.revision;
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, basePriceCents, isActive, createdAt, ...rest } = event.data;
      rows.insert({
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
      await rows.update(productId, {
        ...rest,
        base_price_cents: basePriceCents,
        revision,
        updated_at: updatedAt,
      });
      break;
    }
    case 'ProductActivated':
    case 'ProductDeactivated': {
      const isActive = event.type === 'ProductActivated';
      const at = event.type === 'ProductActivated' ? event.data.activatedAt : event.data.deactivatedAt;
      await rows.update(event.data.productId, { is_active: isActive, revision, updated_at: at });
      break;
    }
    case 'ProductDeleted':
      await rows.delete(event.data.productId);
      break;
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
