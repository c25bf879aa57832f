import { productEventTypes, type ProductEvent } from '../domain/product/events.js';
import { foldedProjection, type RecordedEvent } from '@app/eventing';
import { products } from '../application/products.js';

/** What a creation and an update both carry: every detail of the product. */
type ProductDetails = Omit<Extract<ProductEvent, { type: 'ProductUpdated' }>['data'], 'updatedAt'>;

/** A products row as the projection keeps it; names follow the table's columns. */
interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  base_price_cents: number;
  basic_price_cents: number | null;
  enterprise_price_cents: number | null;
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
 * The `products` read model (migrations/001_products.sql): one row per product that is not deleted. Its indexes
 * (002) and the counts its triggers keep (003) serve the queries in product-queries.ts, product-list.ts and
 * product-counts.ts. A batch is folded in memory and written in one statement (@app/eventing foldedProjection).
 */
export const productsProjection = foldedProjection<ProductRow, ProductEvent>({
  name: 'catalog.products.v1',
  eventTypes: productEventTypes,
  table: 'products',
  key: ['id'],
  columns: [
    'id',
    'name',
    'slug',
    'description',
    'base_price_cents',
    'basic_price_cents',
    'enterprise_price_cents',
    'category',
    'color',
    'icon',
    'features',
    'is_active',
    'revision',
    'created_at',
    'updated_at',
  ],
  decode: (recorded) => products.decode(recorded),
  rowKeyOf: (event) => ({ id: event.data.productId }),
  fold: foldProductEvent,
  async reset(tx) {
    await tx.query('TRUNCATE products');
  },
});

/** A product's row after one of its events; a replayed creation leaves the row as it is. */
function foldProductEvent(
  row: ProductRow | undefined,
  event: ProductEvent,
  recorded: RecordedEvent,
): ProductRow | null | undefined {
  const revision = recorded.revision;
  if (event.type === 'ProductCreated') {
    if (row) return row;
    const { data } = event;
    return productRow(data, {
      isActive: data.isActive,
      revision,
      createdAt: data.createdAt,
      at: data.createdAt,
    });
  }
  if (!row) return row;
  switch (event.type) {
    case 'ProductUpdated':
      return productRow(event.data, {
        isActive: row.is_active,
        revision,
        createdAt: row.created_at,
        at: event.data.updatedAt,
      });
    case 'ProductActivated':
      return { ...row, is_active: true, revision, updated_at: event.data.activatedAt };
    case 'ProductDeactivated':
      return { ...row, is_active: false, revision, updated_at: event.data.deactivatedAt };
    case 'ProductDeleted':
      return null;
  }
}

/**
 * The row of a product with these details (a creation's or an update's, which carry them all), each column named:
 * object rest and spread of an event's data cost V8 several microseconds an event, the most a catalogue rebuild
 * spent on one.
 */
function productRow(
  details: ProductDetails,
  row: { isActive: boolean; revision: number; createdAt: string; at: string },
): ProductRow {
  return {
    id: details.productId,
    name: details.name,
    slug: details.slug,
    description: details.description,
    base_price_cents: details.basePriceCents,
    basic_price_cents: details.basicPriceCents ?? null,
    enterprise_price_cents: details.enterprisePriceCents ?? null,
    category: details.category,
    color: details.color,
    icon: details.icon,
    features: details.features,
    is_active: row.isActive,
    revision: row.revision,
    created_at: row.createdAt,
    updated_at: row.at,
  };
}
