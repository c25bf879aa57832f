import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { itCreatesOnceThroughALostAnswer } from '@app/test-support/lost-answer';
import { identityHeaders } from '@app/service-kit/testing';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, createProduct, listAs, newProduct, patchProduct } from '../support/requests.js';

const catalog = startedForFile(startCatalog);

describe('admin product commands', () => {
  itCreatesOnceThroughALostAnswer('product', () => ({
    harness: catalog,
    request: async () => ({ url: '/api/admin/products', payload: newProduct(), headers: await asAdmin() }),
    createdType: 'ProductCreated',
  }));

  it('creates a product with defaults, exact money, an ETag and a Location, visible at once', async () => {
    const body = newProduct({
      color: undefined,
      icon: undefined,
      basePrice: 19.99,
      features: [' A ', '', 'B'],
    });
    const response = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: await asAdmin(),
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({
      name: body.name,
      slug: body.slug,
      basePrice: 19.99,
      color: '#3B82F6',
      icon: 'BarChart3',
      features: ['A', 'B'],
      isActive: true,
    });
    expect(response.headers.etag).toBe('"0"');
    expect(response.headers.location).toBe(`/api/products/${product.id}`);
    expect(response.headers['x-view-may-lag']).toBeUndefined();

    const stored = await catalog.eventStore.readStream(`catalog_product-${product.id}`);
    expect(stored.events[0]?.data).toMatchObject({ basePriceCents: 1999 });
    expect(await listAs(catalog, 'visitor')).toContainEqual(
      expect.objectContaining({ id: product.id, basePrice: 19.99 }),
    );
  });

  it('replaces every detail with PUT, keeping isActive when it is left out', async () => {
    const { product } = await createProduct(catalog);
    const replacement = newProduct({ name: 'Ledger Sync Pro', description: undefined, category: undefined });
    const response = await catalog.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: await asAdmin(),
      payload: replacement,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ledger Sync Pro',
      slug: replacement.slug,
      description: null,
      category: null,
      isActive: true,
    });
    expect(response.headers.etag).toBe('"1"');
  });

  it('toggles activity with the full product resent (the Activate/Deactivate button)', async () => {
    const { product } = await createProduct(catalog);
    const off = await catalog.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: await asAdmin(),
      payload: { ...newProduct({ slug: product.slug, name: product.name }), isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await listAs(catalog, 'visitor')).map((p) => p.id)).not.toContain(product.id);
    expect((await listAs(catalog, 'tenant')).map((p) => p.id)).not.toContain(product.id);
    expect((await listAs(catalog, 'admin')).map((p) => p.id)).toContain(product.id);
  });

  it('changes only the fields a PATCH sends', async () => {
    const { product } = await createProduct(catalog);
    const response = await patchProduct(catalog, product.id, { basePrice: 0, features: ['Only this'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: product.name,
      slug: product.slug,
      basePrice: 0,
      features: ['Only this'],
    });
  });

  it('keeps plan prices, returns them on every product, and refuses a PATCH that breaks their order', async () => {
    const { product } = await createProduct(
      catalog,
      newProduct({ basePrice: 100, basicPrice: 49.5, enterprisePrice: 250 }),
    );
    expect(product).toMatchObject({ basePrice: 100, basicPrice: 49.5, enterprisePrice: 250 });
    expect(await listAs(catalog, 'visitor')).toContainEqual(
      expect.objectContaining({ id: product.id, basicPrice: 49.5, enterprisePrice: 250 }),
    );
    const stored = await catalog.eventStore.readStream(`catalog_product-${product.id}`);
    expect(stored.events[0]?.data).toMatchObject({ basicPriceCents: 4950, enterprisePriceCents: 25_000 });

    const broken = await patchProduct(catalog, product.id, { basePrice: 300 });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      errors: [
        {
          path: 'enterprisePrice',
          message: 'Enterprise price must be higher than the base (professional) price',
        },
      ],
    });

    const cleared = await patchProduct(catalog, product.id, { enterprisePrice: null, basePrice: 300 });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ basePrice: 300, basicPrice: 49.5, enterprisePrice: null });
  });

  it('offers the professional plan only when no plan prices are given', async () => {
    const { product } = await createProduct(catalog);
    expect(product).toMatchObject({ basicPrice: null, enterprisePrice: null });
  });

  it('answers a change that changes nothing without a new revision', async () => {
    const { product, etag } = await createProduct(catalog);
    const response = await patchProduct(catalog, product.id, { name: product.name });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(etag);
  });

  it('deletes a product from every list, then answers 404 for it', async () => {
    const { product } = await createProduct(catalog);
    const headers = await asAdmin();
    const deleted = await catalog.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await listAs(catalog, 'admin')).map((p) => p.id)).not.toContain(product.id);
    const again = await catalog.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 404, detail: 'Product not found' });
  });

  it('serves one product with its revision as ETag, hiding inactive ones from non-admins', async () => {
    const { product } = await createProduct(catalog, newProduct({ isActive: false }));
    const asAdminResponse = await catalog.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}`,
      headers: await asAdmin(),
    });
    expect(asAdminResponse.statusCode).toBe(200);
    expect(asAdminResponse.headers.etag).toBe('"0"');
    const asVisitor = await catalog.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(asVisitor.statusCode).toBe(404);
  });
});

describe('slugs', () => {
  it('refuses a slug another product holds, with 409 and a clear message', async () => {
    const { product } = await createProduct(catalog);
    const response = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: await asAdmin(),
      payload: newProduct({ slug: product.slug }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(`The slug "${product.slug}" is already used by another product`);
  });

  it('frees a slug when its product is deleted or renamed', async () => {
    const headers = await asAdmin();
    const first = await createProduct(catalog);
    await catalog.app.inject({ method: 'DELETE', url: `/api/admin/products/${first.product.id}`, headers });
    const reused = await createProduct(catalog, newProduct({ slug: first.product.slug }));
    expect(reused.product.slug).toBe(first.product.slug);

    const renamed = await patchProduct(catalog, reused.product.id, { slug: `${first.product.slug}-v2` });
    expect(renamed.statusCode).toBe(200);
    const takesOldSlug = await createProduct(catalog, newProduct({ slug: first.product.slug }));
    expect(takesOldSlug.product.slug).toBe(first.product.slug);
  });

  it('lets only one of two concurrent creations take a slug', async () => {
    const slug = newProduct().slug;
    const headers = await asAdmin();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        catalog.app.inject({
          method: 'POST',
          url: '/api/admin/products',
          headers,
          payload: newProduct({ slug }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await listAs(catalog, 'admin')).filter((p) => p.slug === slug)).toHaveLength(1);
  });
});

describe('optimistic concurrency', () => {
  it('applies a change whose If-Match is current and refuses a stale one with 412', async () => {
    const { product, etag } = await createProduct(catalog);
    const fresh = await patchProduct(catalog, product.id, { name: 'First writer' }, { 'if-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"1"');

    const stale = await patchProduct(catalog, product.id, { name: 'Second writer' }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    expect((await listAs(catalog, 'admin')).find((p) => p.id === product.id)?.name).toBe('First writer');
  });

  it('rejects an If-Match that is not a revision', async () => {
    const { product } = await createProduct(catalog);
    const response = await patchProduct(
      catalog,
      product.id,
      { name: 'Whatever' },
      { 'if-match': 'yesterday' },
    );
    expect(response.statusCode).toBe(400);
  });

  it('retries conflicting writers without If-Match so every change lands', async () => {
    const { product } = await createProduct(catalog);
    const responses = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => patchProduct(catalog, product.id, { features: [name] })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { revision } = await catalog.eventStore.readStream(`catalog_product-${product.id}`);
    expect(revision).toBe(3);
  });
});

describe('idempotency', () => {
  it('replays the first response for the same key and body, and creates one product', async () => {
    const headers = { ...(await asAdmin()), 'idempotency-key': `create-${Date.now()}` };
    const body = newProduct();
    const first = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers,
      payload: body,
    });
    const second = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers,
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await listAs(catalog, 'admin')).filter((p) => p.slug === body.slug)).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    const headers = { ...(await asAdmin()), 'idempotency-key': `create-${Date.now()}-b` };
    await catalog.app.inject({ method: 'POST', url: '/api/admin/products', headers, payload: newProduct() });
    const other = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers,
      payload: newProduct(),
    });
    expect(other.statusCode).toBe(422);
  });
});

describe('access', () => {
  const adminRoutes = [
    { method: 'POST' as const, url: '/api/admin/products' },
    { method: 'PUT' as const, url: '/api/admin/products/0196f2a0-0000-7000-8000-000000000001' },
    { method: 'PATCH' as const, url: '/api/admin/products/0196f2a0-0000-7000-8000-000000000001' },
    { method: 'DELETE' as const, url: '/api/admin/products/0196f2a0-0000-7000-8000-000000000001' },
  ];

  it.each(adminRoutes)(
    '$method $url needs a token (401) and the admin role (403)',
    async ({ method, url }) => {
      const payload = method === 'DELETE' ? undefined : newProduct();
      const anonymous = await catalog.app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      const tenant = await catalog.app.inject({
        method,
        url,
        payload,
        headers: await identityHeaders('tenant'),
      });
      expect(tenant.statusCode).toBe(403);
      expect(tenant.headers['content-type']).toContain('application/problem+json');
    },
  );
});
