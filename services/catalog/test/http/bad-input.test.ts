import { badInputDriver, type BodyRoute } from '@app/test-support/bad-input';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, it } from 'vitest';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, createProduct, newProduct } from '../support/requests.js';

const catalog = startedForFile(startCatalog);
let productId: string;
beforeAll(async () => {
  productId = (await createProduct(catalog)).product.id;
});

const { expectFieldRefused, expectRefused, expectRefusedOnEvery, expectRefusedRequest } = badInputDriver({
  service: () => catalog,
  headersFor: asAdmin,
});

describe('the spec messages reach the caller (SPEC.md §5)', () => {
  it.each([
    [{ name: '' }, 'Product name is required'],
    [{ name: 'X' }, 'Name must be at least 2 characters'],
    [{ slug: '' }, 'Slug is required'],
    [{ slug: 'Not A Slug' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ basePrice: undefined }, 'Price is required'],
    [{ basePrice: -1 }, 'Price must be positive'],
  ])('POST with %o → 400 "%s"', async (change, message) => {
    await expectFieldRefused('POST', '/api/admin/products', newProduct(change), message);
  });
});

describe('bad input on every command route changes nothing', () => {
  const routes = (): BodyRoute[] => [
    ['POST', '/api/admin/products'],
    ['PUT', `/api/admin/products/${productId}`],
    ['PATCH', `/api/admin/products/${productId}`],
  ];

  it('wrong types → 400', async () => {
    await expectRefusedOnEvery(routes(), newProduct({ basePrice: '12', isActive: 'yes' }), { status: 400 });
  });

  it('unknown fields → 400', async () => {
    await expectRefusedOnEvery(routes(), { ...newProduct(), tenantId: 'x' }, { status: 400 });
  });

  it('malformed JSON → 400', async () => {
    await expectRefusedOnEvery(routes(), '{"name": "Broken",', { status: 400 });
  });

  it('a body over the limit → 413', async () => {
    const huge = newProduct({ description: 'x'.repeat(2 * 1024 * 1024) });
    await expectRefusedOnEvery(routes(), huge, { status: 413 });
  });

  it('a body that is not JSON → 415', async () => {
    await expectRefused('POST', '/api/admin/products', 'name=x', { status: 415, contentType: 'text/plain' });
  });

  it('an id that is not a UUID → 400, on every route that takes one', async () => {
    const badIds: BodyRoute[] = [
      ['PUT', '/api/admin/products/42'],
      ['PATCH', '/api/admin/products/42'],
    ];
    await expectRefusedOnEvery(badIds, newProduct(), { status: 400 });
    await expectRefusedRequest(
      async () =>
        catalog.app.inject({
          method: 'DELETE',
          url: '/api/admin/products/not-an-id',
          headers: await asAdmin(),
        }),
      { status: 400 },
    );
    await expectRefusedRequest(() => catalog.app.inject({ method: 'GET', url: '/api/products/not-an-id' }), {
      status: 400,
    });
  });

  it('an unknown product → 404, an empty PATCH → 400', async () => {
    const missing = '/api/admin/products/0196f2a0-0000-7000-8000-0000000000ff';
    await expectRefused('PATCH', missing, { name: 'Ghost' }, { status: 404, detail: 'Product not found' });
    await expectRefused('PUT', missing, newProduct(), { status: 404 });
    await expectRefused(
      'PATCH',
      `/api/admin/products/${productId}`,
      {},
      { status: 400, detail: 'Nothing to update: send at least one field' },
    );
  });
});
