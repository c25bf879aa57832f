import { describe, expect, it } from 'vitest';
import { identityHeaders } from '@app/service-kit/testing';
import { rebuildProjection } from '@app/eventing';
import { categoriesOf } from '@app/service-kit/runtime';
import { startedForFile } from '@app/test-support/started-for-file';
import { catalogSchema } from '../../src/config.js';
import { productsProjection } from '../../src/projections/products.js';
import { service } from '../../src/service.js';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, createProduct, newProduct, patchProduct } from '../support/requests.js';

const catalog = startedForFile(startCatalog);

async function summary() {
  const response = await catalog.app.inject({
    method: 'GET',
    url: '/api/admin/products/summary',
    headers: await asAdmin(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ totalProducts: number; activeProducts: number }>();
}

async function categories(headers: Record<string, string>) {
  const response = await catalog.app.inject({ method: 'GET', url: '/api/products/categories', headers });
  return response.json<string[]>();
}

/** What the counters must say: counted afresh from the rows. */
async function countedAfresh() {
  const { rows } = await catalog.pool.query<{ total: number; active: number }>(
    'SELECT count(*)::int AS total, (count(*) FILTER (WHERE is_active))::int AS active FROM products',
  );
  const categoryRows = await catalog.pool.query<{ category: string; total: number; active: number }>(
    `SELECT category, count(*)::int AS total, (count(*) FILTER (WHERE is_active))::int AS active
       FROM products WHERE category IS NOT NULL GROUP BY category ORDER BY category`,
  );
  return {
    summary: { totalProducts: rows[0]!.total, activeProducts: rows[0]!.active },
    adminCategories: categoryRows.rows.map((row) => row.category),
    publicCategories: categoryRows.rows.filter((row) => row.active > 0).map((row) => row.category),
  };
}

async function expectCountsAsRows() {
  const fresh = await countedAfresh();
  expect(await summary()).toEqual(fresh.summary);
  expect(await categories(await asAdmin())).toEqual(fresh.adminCategories);
  expect(await categories({})).toEqual(fresh.publicCategories);
}

async function remove(id: string) {
  const response = await catalog.app.inject({
    method: 'DELETE',
    url: `/api/admin/products/${id}`,
    headers: await asAdmin(),
  });
  expect(response.statusCode).toBe(204);
}

describe('product counters and categories', () => {
  it('start at nothing', async () => {
    expect(await summary()).toEqual({ totalProducts: 0, activeProducts: 0 });
    expect(await categories({})).toEqual([]);
  });

  it('follow creations, activations, deactivations, category changes and deletions', async () => {
    const ledger = await createProduct(catalog, newProduct({ category: 'Accounting' }));
    const vault = await createProduct(catalog, newProduct({ category: 'Security', isActive: false }));
    const plain = await createProduct(catalog, newProduct({ category: null }));
    expect(await summary()).toEqual({ totalProducts: 3, activeProducts: 2 });
    expect(await categories({})).toEqual(['Accounting']);
    expect(await categories(await asAdmin())).toEqual(['Accounting', 'Security']);

    await patchProduct(catalog, vault.product.id, { isActive: true });
    expect(await summary()).toEqual({ totalProducts: 3, activeProducts: 3 });
    expect(await categories({})).toEqual(['Accounting', 'Security']);

    await patchProduct(catalog, ledger.product.id, { isActive: false });
    await patchProduct(catalog, plain.product.id, { category: 'Analytics', description: 'Moved' });
    expect(await summary()).toEqual({ totalProducts: 3, activeProducts: 2 });
    expect(await categories({})).toEqual(['Analytics', 'Security']);
    expect(await categories(await asAdmin())).toEqual(['Accounting', 'Analytics', 'Security']);

    await remove(ledger.product.id);
    await remove(vault.product.id);
    expect(await summary()).toEqual({ totalProducts: 1, activeProducts: 1 });
    expect(await categories(await asAdmin())).toEqual(['Analytics']);
    await expectCountsAsRows();
  });

  it('equal a fresh count after the read model is rebuilt, and after events are applied again', async () => {
    await createProduct(catalog, newProduct({ category: 'Security' }));
    await createProduct(catalog, newProduct({ category: 'Security', isActive: false }));
    const before = await summary();

    await rebuildProjection({
      eventStore: catalog.eventStore,
      pool: catalog.pool,
      schema: catalogSchema,
      categories: categoriesOf(service),
      projection: productsProjection,
      batchSize: 2,
    });
    expect(await summary()).toEqual(before);
    await expectCountsAsRows();

    const { rows } = await catalog.pool.query<{ id: string }>('SELECT id FROM products');
    const client = await catalog.pool.connect();
    try {
      for (const { id } of rows) {
        const { events } = await catalog.eventStore.readStream(`catalog_product-${id}`);
        await productsProjection.applyBatch?.(events, client);
      }
    } finally {
      client.release();
    }
    expect(await summary()).toEqual(before);
    await expectCountsAsRows();
  });

  it('are for admins only', async () => {
    const url = '/api/admin/products/summary';
    expect((await catalog.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const tenant = await catalog.app.inject({ method: 'GET', url, headers: await identityHeaders('tenant') });
    expect(tenant.statusCode).toBe(403);
  });
});
