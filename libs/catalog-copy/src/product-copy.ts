import type pg from 'pg';
import { catalogIntegrationEventSchema, defaultProductColor, type IntegrationEnvelope } from '@app/contracts';

/** Details a consumer's copy may keep besides id, name, price, active and deleted flags. */
export type ProductCopyDetail = 'slug' | 'color';

/** What a copy holds for a product it first hears of through its deletion, which carries no colour. */
const deletedProductColor = defaultProductColor;

/**
 * The catalogue's side of every consumer's copy of it: a `catalog.product.*.v1` handler writing the consumer's
 * own `products` table (product_id, name, base_price_cents, basic_price_cents, enterprise_price_cents, the
 * `keeps` details, is_active, deleted, updated_at). Created and updated carry every detail; a message from before
 * plans had prices offers professional only (null plan prices). Activation flips the flag; deletion keeps the
 * row with its last name. An event of another version, or one the catalogue does not publish, copies nothing.
 */
export function catalogProductCopy(options: { keeps: readonly ProductCopyDetail[] }) {
  const details = options.keeps;
  const detailColumns = details.map((detail) => `, ${detail}`).join('');
  // $1 id, $2 name, $3-$5 the plans' prices, then the kept details, then the fixed values.
  const first = 6;
  const upsert = (fixed: string, conflict: string) =>
    `INSERT INTO products (product_id, name, base_price_cents, basic_price_cents, enterprise_price_cents${detailColumns},
       is_active, deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5${details.map((_, index) => `, $${index + first}`).join('')}, ${fixed})
     ON CONFLICT (product_id) DO UPDATE SET ${conflict}`;
  const at = details.length + first;
  const setPrices = 'base_price_cents = $3, basic_price_cents = $4, enterprise_price_cents = $5';
  const setDetails = details.map((detail, index) => `, ${detail} = $${index + first}`).join('');

  return async function applyCatalogProductMessage(
    envelope: IntegrationEnvelope,
    tx: pg.PoolClient,
  ): Promise<void> {
    const parsed = catalogIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    switch (event.type) {
      case 'catalog.product.created.v1': {
        const { productId, name, isActive, createdAt } = event.data;
        await tx.query(
          upsert(
            `$${at}, false, $${at + 1}`,
            `name = $2, ${setPrices}${setDetails}, is_active = $${at}, updated_at = $${at + 1}`,
          ),
          [
            productId,
            name,
            ...planPricesOf(event.data),
            ...details.map((detail) => event.data[detail]),
            isActive,
            createdAt,
          ],
        );
        return;
      }
      case 'catalog.product.updated.v1': {
        const { productId, name, updatedAt } = event.data;
        // An update carries no active flag; one for a product never seen counts as inactive until told.
        await tx.query(
          upsert(`false, false, $${at}`, `name = $2, ${setPrices}${setDetails}, updated_at = $${at}`),
          [
            productId,
            name,
            ...planPricesOf(event.data),
            ...details.map((detail) => event.data[detail]),
            updatedAt,
          ],
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
          [productId, name, 0, null, null, ...details.map((detail) => values[detail]), deletedAt],
        );
        return;
      }
    }
  };
}

/** base, basic and enterprise prices in cents, in the columns' order; null: the plan is not offered. */
function planPricesOf(data: {
  basePriceCents: number;
  basicPriceCents?: number | null;
  enterprisePriceCents?: number | null;
}): [number, number | null, number | null] {
  return [data.basePriceCents, data.basicPriceCents ?? null, data.enterprisePriceCents ?? null];
}
