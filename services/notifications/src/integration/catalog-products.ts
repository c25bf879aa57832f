import type pg from 'pg';
import { catalogIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/** The catalogue's product names into notifications' copy (migrations/001): a receipt names what was bought. */
export async function applyCatalogMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = catalogIntegrationEventSchema.safeParse(envelope);
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'catalog.product.created.v1':
    case 'catalog.product.updated.v1': {
      const { productId, name } = event.data;
      const at = event.type === 'catalog.product.created.v1' ? event.data.createdAt : event.data.updatedAt;
      await tx.query(
        `INSERT INTO products (product_id, name, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (product_id) DO UPDATE SET name = $2, updated_at = $3`,
        [productId, name, at],
      );
      return;
    }
    // A deleted product keeps its name here: an old invoice's receipt still names it.
    case 'catalog.product.activated.v1':
    case 'catalog.product.deactivated.v1':
    case 'catalog.product.deleted.v1':
      return;
    default: {
      const exhausted: never = event;
      return exhausted;
    }
  }
}
