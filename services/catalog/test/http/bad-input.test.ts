import { expectRefusedUnchanged } from '@app/test-support/service-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, startCatalog, type CatalogHarness } from '../support/catalog-harness.js';
import { asAdmin, createProduct, newProduct } from '../support/requests.js';

let catalog: CatalogHarness;
let productId: string;
beforeAll(async () => {
  catalog = await startCatalog();
  productId = (await createProduct(catalog)).product.id;
});
afterAll(async () => {
  await catalog?.close();
});

type Method = 'POST' | 'PUT' | 'PATCH';

async function send(method: Method, url: string, payload: string | object, contentType = 'application/json') {
  return catalog.app.inject({
    method,
    url,
    headers: { ...(await asAdmin()), 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function expectRefused(
  response: Awaited<ReturnType<typeof send>>,
  status: number,
  eventsBefore: number,
  detail?: string,
): Promise<void> {
  return expectRefusedUnchanged(response, {
    status,
    eventsBefore,
    pool: catalog.pool,
    ...(detail ? { detail } : {}),
  });
}

describe('the spec messages reach the caller (SPEC.md §5)', () => {
  it.each([
    [{ name: '' }, 'Product name is required'],
    [{ name: 'X' }, 'Name must be at least 2 characters'],
    [{ slug: '' }, 'Slug is required'],
    [{ slug: 'Not A Slug' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ basePrice: undefined }, 'Price is required'],
    [{ basePrice: -1 }, 'Price must be positive'],
  ])('POST with %o → 400 "%s"', async (change, message) => {
    const before = await countEvents(catalog.pool);
    const response = await send('POST', '/api/admin/products', newProduct(change));
    await expectRefused(response, 400, before, message);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ message }));
  });
});

describe('bad input on every command route changes nothing', () => {
  const routes = (): Array<[Method, string]> => [
    ['POST', '/api/admin/products'],
    ['PUT', `/api/admin/products/${productId}`],
    ['PATCH', `/api/admin/products/${productId}`],
  ];

  it('wrong types → 400', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(catalog.pool);
      await expectRefused(
        await send(method, url, newProduct({ basePrice: '12', isActive: 'yes' })),
        400,
        before,
      );
    }
  });

  it('unknown fields → 400', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(catalog.pool);
      await expectRefused(await send(method, url, { ...newProduct(), tenantId: 'x' }), 400, before);
    }
  });

  it('malformed JSON → 400', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(catalog.pool);
      await expectRefused(await send(method, url, '{"name": "Broken",'), 400, before);
    }
  });

  it('a body over the limit → 413', async () => {
    for (const [method, url] of routes()) {
      const before = await countEvents(catalog.pool);
      const huge = newProduct({ description: 'x'.repeat(2 * 1024 * 1024) });
      await expectRefused(await send(method, url, huge), 413, before);
    }
  });

  it('a body that is not JSON → 415', async () => {
    const before = await countEvents(catalog.pool);
    await expectRefused(await send('POST', '/api/admin/products', 'name=x', 'text/plain'), 415, before);
  });

  it('an id that is not a UUID → 400, on every route that takes one', async () => {
    const before = await countEvents(catalog.pool);
    for (const method of ['PUT', 'PATCH'] as const) {
      await expectRefused(await send(method, '/api/admin/products/42', newProduct()), 400, before);
    }
    const deleted = await catalog.app.inject({
      method: 'DELETE',
      url: '/api/admin/products/not-an-id',
      headers: await asAdmin(),
    });
    await expectRefused(deleted, 400, before);
    const read = await catalog.app.inject({ method: 'GET', url: '/api/products/not-an-id' });
    await expectRefused(read, 400, before);
  });

  it('an unknown product → 404, an empty PATCH → 400', async () => {
    const before = await countEvents(catalog.pool);
    const missing = '0196f2a0-0000-7000-8000-0000000000ff';
    await expectRefused(
      await send('PATCH', `/api/admin/products/${missing}`, { name: 'Ghost' }),
      404,
      before,
      'Product not found',
    );
    await expectRefused(await send('PUT', `/api/admin/products/${missing}`, newProduct()), 404, before);
    await expectRefused(
      await send('PATCH', `/api/admin/products/${productId}`, {}),
      400,
      before,
      'Nothing to update: send at least one field',
    );
  });
});
