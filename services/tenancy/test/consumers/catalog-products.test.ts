import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { eventually } from '@app/test-support/eventually';
import { useTenancyConsumers } from './consumers-fixture.js';

const h = useTenancyConsumers();

const product = async (productId: string) =>
  (
    await h.pool.query(
      'SELECT name, base_price_cents, color, is_active, deleted FROM products WHERE product_id = $1',
      [productId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

const details = (productId: string, name: string) => ({
  productId,
  name,
  slug: `p-${productId}`,
  description: null,
  basePriceCents: 4_900,
  category: null,
  color: '#112233',
  icon: 'Link',
  features: [],
});

describe('catalogue products copy', () => {
  it('follows create, rename, deactivation and deletion, keeping a deleted product’s last name', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    await h.nats.publish('catalog.product.created.v1', {
      ...details(productId, 'Ledger'),
      isActive: true,
      createdAt: at,
    });
    await h.nats.publish('catalog.product.updated.v1', {
      ...details(productId, 'Ledger Pro'),
      updatedAt: at,
    });
    await h.nats.publish('catalog.product.deactivated.v1', { productId, changedAt: at });
    const renamed = await eventually(
      () => product(productId),
      (row) => row?.is_active === false,
    );
    expect(renamed).toEqual({
      name: 'Ledger Pro',
      base_price_cents: '4900',
      color: '#112233',
      is_active: false,
      deleted: false,
    });
    await h.nats.publish('catalog.product.activated.v1', { productId, changedAt: at });
    await h.nats.publish('catalog.product.deleted.v1', {
      productId,
      name: 'Ledger Pro',
      slug: 'x',
      deletedAt: at,
    });
    const deleted = await eventually(
      () => product(productId),
      (row) => row?.deleted === true,
    );
    expect(deleted).toMatchObject({ name: 'Ledger Pro', is_active: false, deleted: true });
  });

  it('applies a redelivered message once', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    const created = await h.nats.publish('catalog.product.created.v1', {
      ...details(productId, 'Once'),
      isActive: true,
      createdAt: at,
    });
    await h.nats.publish('catalog.product.updated.v1', { ...details(productId, 'Renamed'), updatedAt: at });
    // The same event again (a relay replay): it must not undo the rename that came after it.
    await h.nats.republish(created);
    const marker = uuidv7();
    await h.nats.publish('catalog.product.created.v1', {
      ...details(marker, 'Marker'),
      isActive: true,
      createdAt: at,
    });
    await eventually(
      () => product(marker),
      (row) => row !== undefined,
    );
    expect(await product(productId)).toMatchObject({ name: 'Renamed' });
  });
});
