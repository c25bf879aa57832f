import { describe, expect, it } from 'vitest';
import { catalogStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { startBillingConsumersOf } from '../support/nats.js';
import { createIntent, newBuyer, uuidv7 } from '../support/requests.js';

const h = startedForFile(() => startBillingConsumersOf(catalogStream));
const productRow = async (productId: string) =>
  (
    await h.pool.query(
      'SELECT name, slug, base_price_cents, is_active, deleted FROM products WHERE product_id = $1',
      [productId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

const details = (productId: string, basePriceCents: number) => ({
  productId,
  name: 'Ledger',
  slug: `ledger-${productId}`,
  description: null,
  basePriceCents,
  category: null,
  color: '#112233',
  icon: 'Link',
  features: [],
});

describe("billing's copy of the catalogue", () => {
  it('follows the catalogue’s events, and checkouts are priced from it', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    await h.nats.publish('catalog.product.created.v1', {
      ...details(productId, 4_900),
      isActive: false,
      createdAt: at,
    });
    await h.nats.publish('catalog.product.updated.v1', { ...details(productId, 5_900), updatedAt: at });
    await h.nats.publish('catalog.product.activated.v1', { productId, changedAt: at });
    await eventually(async () => (await productRow(productId))?.is_active === true);
    expect(await productRow(productId)).toEqual({
      name: 'Ledger',
      slug: `ledger-${productId}`,
      base_price_cents: '5900',
      is_active: true,
      deleted: false,
    });
    const buyer = await newBuyer();
    expect((await createIntent(h, buyer, { productId, amount: 49 })).statusCode).toBe(409);
    expect((await createIntent(h, buyer, { productId, amount: 59 })).statusCode).toBe(200);

    await h.nats.publish('catalog.product.deleted.v1', {
      productId,
      name: 'Ledger',
      slug: 'x',
      deletedAt: at,
    });
    await eventually(async () => (await productRow(productId))?.deleted === true);
    expect((await createIntent(h, buyer, { productId, amount: 59 })).statusCode).toBe(404);
  });

  it('applies a redelivered message once', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    const created = await h.nats.publish('catalog.product.created.v1', {
      ...details(productId, 4_900),
      isActive: true,
      createdAt: at,
    });
    await h.nats.publish('catalog.product.updated.v1', { ...details(productId, 6_900), updatedAt: at });
    // The same event again (a relay replay): it must not undo the price change that came after it.
    await h.nats.republish(created);
    const marker = uuidv7();
    await h.nats.publish('catalog.product.created.v1', {
      ...details(marker, 100),
      isActive: true,
      createdAt: at,
    });
    await eventually(async () => (await productRow(marker)) !== undefined);
    expect(await productRow(productId)).toMatchObject({ base_price_cents: '6900' });
  });
});
