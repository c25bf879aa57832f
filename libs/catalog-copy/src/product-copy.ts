import type pg from 'pg';
import { catalogIntegrationEventSchema, defaultProductColor, type IntegrationEnvelope } from '@app/contracts';

/** Details a consumer's copy may keep besides id, name, price, active and deleted flags. */
export type ProductCopyDetail = 'slug' | 'color';

/** What a copy holds for a product it first hears of through its deletion, which carries no colour. */
const deletedProductColor = defaultProductColor;

/**
 * The catalogue's side of every consumer's copy of it: a `catalog.product.*.v1` handler writing the consumer's
 * own `products` table (product_id, name, base_price_cents, the `keeps` details, is_active, deleted,
 * updated_at). Created and updated carry every detail; activation flips the flag; deletion keeps the row with
 * its last name. An event of another version, or one the catalogue does not publish, copies nothing.
 */
export function catalogProductCopy(options: { keeps: readonly ProductCopyDetail[] }) {
  const details = options.keeps;
  const detailColumns = details.map((detail) => `, ${detail}`).join('');
  const upsert = (fixed: string, conflict: string) =>
    `INSERT INTO products (product_id, name, base_price_cents${detailColumns}, is_active, deleted, updated_at)
     VALUES ($1, $2, $3${details.map((_, index) => `, $${index + 4}`).join('')}, ${fixed})
     ON CONFLICT (product_id) DO UPDATE SET ${conflict}`;
  const at = details.length + 4;
  const setDetails = details.map((detail, index) => `, ${detail} = $${index + 4}`).join('');

  return async function applyCatalogProductMessage(
    envelope: IntegrationEnvelope,
    tx: pg.PoolClient,
  ): Promise<void> {
    const parsed = catalogIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    switch (event.type) {
      case 'catalog.product.created.v1': {
        const { productId, name, basePriceCents, isActive, createdAt } = event.data;
        await tx.query(
          upsert(
            `$${at}, false, $${at + 1}`,
            `name = $2, base_price_cents = $3${setDetails}, is_active = $${at}, updated_at = $${at + 1}`,
          ),
          [
            productId,
            name,
            basePriceCents,
            ...details.map((detail) => event.data[detail]),
            isActive,
            createdAt,
          ],
        );
        return;
      }
      case 'catalog.product.updated.v1': {
        const { productId, name, basePriceCents, updatedAt } = event.data;
        // An update carries no active flag; one for a product never seen counts as inactive until told.
        await tx.query(
          upsert(
            `false, false, $${at}`,
            `name = $2, base_price_cents = $3${setDetails}, updated_at = $${at}`,
          ),
          [productId, name, basePriceCents, ...details.map((detail) => event.data[detail]), updatedAt],
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
        const values = { slug, color: deletedProductColor };
        await tx.query(
          upsert(`false, true, $${at}`, `name = $2, is_active = false, deleted = true, updated_at = $${at}`),
          [productId, name, 0, ...details.map((detail) => values[detail]), deletedAt],
        );
        return;
      }
    }
  };
}
