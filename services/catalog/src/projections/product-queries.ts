import type pg from 'pg';
import { dollarsFromCents, type Product, type ProductIcon } from '@app/contracts';

/** A `products` row as the queries read it (migrations/001_products.sql). */
export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  base_price_cents: string;
  basic_price_cents: string | null;
  enterprise_price_cents: string | null;
  category: string | null;
  color: string;
  icon: ProductIcon;
  features: string[];
  is_active: boolean;
  revision: string;
  created_at: Date;
  updated_at: Date;
}

export const productColumns = `id, name, slug, description, base_price_cents, basic_price_cents,
  enterprise_price_cents, category, color, icon, features, is_active, revision, created_at, updated_at`;

const dollarsOrNull = (cents: string | null): number | null =>
  cents === null ? null : dollarsFromCents(Number(cents));

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    basePrice: dollarsFromCents(Number(row.base_price_cents)),
    basicPrice: dollarsOrNull(row.basic_price_cents),
    enterprisePrice: dollarsOrNull(row.enterprise_price_cents),
    category: row.category,
    color: row.color,
    icon: row.icon,
    features: row.features,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One product and its revision (the ETag); inactive ones only for admins (ARCHITECTURE.md "Catalogue"). */
export async function findProduct(
  db: pg.Pool,
  id: string,
  options: { includeInactive: boolean },
): Promise<{ product: Product; revision: number } | null> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${productColumns} FROM products WHERE id = $1 AND (is_active OR $2)`,
    [id, options.includeInactive],
  );
  const row = rows[0];
  return row ? { product: toProduct(row), revision: Number(row.revision) } : null;
}
