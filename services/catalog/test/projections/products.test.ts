import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { rebuildProjection } from '@app/eventing';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, createProduct, newProduct } from '../support/requests.js';
import { productsProjection } from '../../src/projections/products.js';
import { catalogSchema } from '../../src/config.js';
import { categoriesOf } from '@app/service-kit/runtime';
import { service } from '../../src/service.js';

const catalog = startedForFile(startCatalog);

async function productRows() {
  const { rows } = await catalog.pool.query('SELECT * FROM products ORDER BY id');
  return rows;
}

/** A history that exercises every event type, some products created and changed in the same batch. */
async function writeHistory() {
  const headers = await asAdmin();
  const kept = await createProduct(catalog);
  const removed = await createProduct(catalog);
  const toggled = await createProduct(catalog, newProduct({ isActive: false }));
  await catalog.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${kept.product.id}`,
    headers,
    payload: { name: 'Renamed', basePrice: 10.01, features: ['x'] },
  });
  await catalog.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${toggled.product.id}`,
    headers,
    payload: { isActive: true },
  });
  await catalog.app.inject({ method: 'DELETE', url: `/api/admin/products/${removed.product.id}`, headers });
  return { kept: kept.product, removed: removed.product, toggled: toggled.product };
}

describe('products projection', () => {
  it('rebuilds, in batches, exactly the rows that live projection built event by event', async () => {
    const { kept, removed, toggled } = await writeHistory();
    const live = await productRows();
    // Each event type's fold, as a reader sees it: an update keeps the creation's time and active flag.
    const byId = new Map(live.map((row) => [row.id as string, row]));
    expect(byId.has(removed.id)).toBe(false);
    expect(byId.get(kept.id)).toMatchObject({
      name: 'Renamed',
      slug: kept.slug,
      // bigint columns come back as text.
      base_price_cents: '1001',
      features: ['x'],
      is_active: true,
      revision: '1',
    });
    expect(byId.get(kept.id)?.updated_at.getTime()).toBeGreaterThan(byId.get(kept.id)?.created_at.getTime());
    expect(byId.get(toggled.id)).toMatchObject({ is_active: true, revision: '1' });

    const progress: number[] = [];
    const result = await rebuildProjection({
      eventStore: catalog.eventStore,
      pool: catalog.pool,
      schema: catalogSchema,
      categories: categoriesOf(service),
      projection: productsProjection,
      onProgress: ({ events }) => progress.push(events),
    });
    expect(result.events).toBe(6);
    expect(progress.at(-1)).toBe(result.events);
    expect(await productRows()).toEqual(live);
  });

  it('changes nothing when the same events are applied again', async () => {
    const before = await productRows();
    const { events } = await catalog.eventStore.readStream(`catalog_product-${before[0].id}`);
    const client = await catalog.pool.connect();
    try {
      await productsProjection.applyBatch?.(events, client);
      for (const event of events) await productsProjection.apply(event, client);
    } finally {
      client.release();
    }
    expect(await productRows()).toEqual(before);
  });
});
