import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, createProduct, newProduct, patchProduct } from '../support/requests.js';

const catalog = startedForFile(startCatalog);

async function exported(url: string) {
  const response = await catalog.app.inject({ method: 'GET', url, headers: await asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { response, lines: response.body.split('\r\n').filter((line) => line !== '') };
}

async function product(id: string): Promise<Product> {
  const response = await catalog.app.inject({
    method: 'GET',
    url: `/api/products/${id}`,
    headers: await asAdmin(),
  });
  return response.json<Product>();
}

describe('GET /api/admin/products/export (issue 21 item 4)', () => {
  it("is the Products list as CSV with the list's filters, by name, formulas written as text", async () => {
    const category = `Export ${randomUUID().slice(0, 8)}`;
    const ledger = await createProduct(catalog, newProduct({ name: 'Ledger Export', category }));
    const formula = await createProduct(
      catalog,
      newProduct({ name: 'Audit Export', category, description: '@cmd|/c calc', features: ['One', 'Two'] }),
    );
    const deactivated = await patchProduct(catalog, ledger.product.id, { isActive: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const [audit, inactive] = [await product(formula.product.id), await product(ledger.product.id)];

    const { response, lines } = await exported(
      `/api/admin/products/export?category=${encodeURIComponent(category)}`,
    );
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-[\d-]+\.csv"$/);
    expect(lines).toEqual([
      'Id,Name,Slug,Category,Active,Professional price (USD/month),Basic price (USD/month),' +
        'Enterprise price (USD/month),Features,Description,Created',
      `${audit.id},Audit Export,${audit.slug},${category},yes,129.5,,,One; Two,'@cmd|/c calc,${audit.createdAt}`,
      `${inactive.id},Ledger Export,${inactive.slug},${category},no,129.5,,,Daily sync; Audit log,` +
        `Keeps ledgers in sync,${inactive.createdAt}`,
    ]);

    const active = await exported(
      `/api/admin/products/export?category=${encodeURIComponent(category)}&isActive=true`,
    );
    expect(active.lines.slice(1).map((line) => line.split(',')[0])).toEqual([audit.id]);
  });

  it('refuses a customer and a visitor', async () => {
    const customer = await catalog.app.inject({
      method: 'GET',
      url: '/api/admin/products/export',
      headers: await identityHeaders('tenant'),
    });
    expect(customer.statusCode).toBe(403);
    const visitor = await catalog.app.inject({ method: 'GET', url: '/api/admin/products/export' });
    expect(visitor.statusCode).toBe(401);
  });
});
