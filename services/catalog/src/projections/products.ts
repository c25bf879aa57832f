import { productEventTypes } from '../domain/product/events.js';
import { rowProjection, rowTable, type RecordedEvent, type RowBatch } from '@app/eventing';
import { products } from '../application/products.js';

/**
 * The `products` read model (migrations/001_products.sql): one row per product that is not deleted. Its indexes
 * (002) and the counts its triggers keep (003) serve the queries in product-queries.ts, product-list.ts and
 * product-counts.ts.
 */
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
