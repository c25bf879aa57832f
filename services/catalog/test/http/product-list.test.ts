import { beforeAll, describe, expect, it } from 'vitest';
import { identityHeaders } from '@app/service-kit/testing';
import { encodeCursor } from '@app/service-kit';
import { startedForFile } from '@app/test-support/started-for-file';
import { startCatalog } from '../support/catalog-harness.js';
import { walkPages } from '@app/test-support/pages';
import { asAdmin, createProduct, newProduct } from '../support/requests.js';

const catalog = startedForFile(startCatalog);

interface Listed {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  isActive: boolean;
}

/**
 * Names that sort by case, repeat, or hold LIKE's wildcards and escape character literally, and the longest key a
 * cursor can carry (120 characters of three UTF-8 bytes each).
 */
const fixtures = [
  { name: 'Alpha Ledger', category: 'Accounting', description: 'Books closed daily' },
  { name: 'alpha ledger', category: 'Accounting', description: 'The lower-case twin' },
  { name: 'Beta Vault', category: 'Security', description: 'Keys at rest' },
  { name: 'Beta Vault', category: 'Security', description: 'Its namesake' },
  { name: 'Quiet Beta', category: 'Security', description: 'Retired', isActive: false },
  { name: 'Dormant Shield', category: 'Dormant', description: 'Retired', isActive: false },
  { name: '50% Off Insight', category: 'Analytics', description: 'Discounts' },
  { name: '50 Off Insight', category: 'Analytics', description: 'Discounts' },
  { name: 'under_score Sync', category: 'Analytics', description: null },
  { name: 'underXscore Sync', category: 'Analytics', description: null },
  { name: 'Back\\slash Link', category: null, description: null },
  { name: 'Ümlaut Pay', category: null, description: 'Payments' },
  { name: '漢'.repeat(120), category: 'Accounting', description: null },
  {
    name: '龍 Pay',
    category: null,
    description: 'Sorts after the longest key, so a cursor carries that key',
  },
];
const bySlug = new Map<string, (typeof fixtures)[number]>();

beforeAll(async () => {
  for (const fixture of fixtures) {
    const { product } = await createProduct(catalog, newProduct(fixture));
    bySlug.set(product.slug, fixture);
  }
});

const visitor = async () => ({});
const tenant = () => identityHeaders('tenant');

/** Every product's id in the database's own order by name then id, the order a walk must reproduce. */
async function idsInOrder(where = 'true'): Promise<string[]> {
  const { rows } = await catalog.pool.query<{ id: string }>(
    `SELECT id FROM products WHERE ${where} ORDER BY name, id`,
  );
  return rows.map((row) => row.id);
}

async function list(url: string, headers: Record<string, string>) {
  const response = await catalog.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Listed[]>();
}

const names = (products: Listed[]) => products.map((product) => product.name).sort();

describe('GET /api/products pages', () => {
  it.each([1, 2, 5])(
    'walks every product once, by name then id, %i a page, for an admin following rel="next"',
    async (limit) => {
      const pages = await walkPages<Listed>(catalog.app, `/api/products?limit=${limit}`, await asAdmin());

      expect(pages.flatMap((page) => page.items.map((product) => product.id))).toEqual(await idsInOrder());
      expect(pages).toHaveLength(Math.ceil(fixtures.length / limit));
      expect(pages.slice(0, -1).every((page) => page.items.length === limit)).toBe(true);
      for (const page of pages.slice(1))
        expect(page.url).toMatch(/^\/api\/products\?limit=\d+&cursor=[\w-]+$/);
    },
  );

  it('walks only the active products for visitors and customers', async () => {
    for (const headers of [await visitor(), await tenant()]) {
      const pages = await walkPages<Listed>(catalog.app, '/api/products?limit=3', headers);
      expect(pages.flatMap((page) => page.items.map((product) => product.id))).toEqual(
        await idsInOrder('is_active'),
      );
    }
  });

  it('keeps the filters in the Link, and pages within them', async () => {
    const pages = await walkPages<Listed>(
      catalog.app,
      '/api/products?category=Security&limit=1',
      await asAdmin(),
    );

    expect(pages.map((page) => page.items.length)).toEqual([1, 1, 1]);
    expect(pages[1]?.url).toMatch(/^\/api\/products\?category=Security&limit=1&cursor=[\w-]+$/);
    expect(pages.flatMap((page) => page.items.map((product) => product.id))).toEqual(
      await idsInOrder(`category = 'Security'`),
    );
  });

  it('answers the whole list on one page, without a Link, when it fits', async () => {
    const response = await catalog.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: await asAdmin(),
    });

    expect(response.json()).toHaveLength(fixtures.length);
    expect(response.headers['link']).toBeUndefined();
  });
});

describe('GET /api/products filters', () => {
  it('matches a category exactly', async () => {
    expect(names(await list('/api/products?category=Security', await asAdmin()))).toEqual([
      'Beta Vault',
      'Beta Vault',
      'Quiet Beta',
    ]);
    expect(names(await list('/api/products?category=Security', {}))).toEqual(['Beta Vault', 'Beta Vault']);
    expect(await list('/api/products?category=security', await asAdmin())).toEqual([]);
  });

  it("finds the one product a slug names, an inactive one for admins only (the checkout's lookup)", async () => {
    const [slug] = [...bySlug].find(([, fixture]) => fixture.name === 'Alpha Ledger')!;
    const [dormant] = [...bySlug].find(([, fixture]) => fixture.name === 'Dormant Shield')!;

    expect((await list(`/api/products?slug=${slug}`, {})).map((product) => product.slug)).toEqual([slug]);
    expect(await list(`/api/products?slug=${dormant}`, {})).toEqual([]);
    expect((await list(`/api/products?slug=${dormant}`, await asAdmin())).map((p) => p.slug)).toEqual([
      dormant,
    ]);
  });

  it('searches name and description in any case', async () => {
    expect(names(await list('/api/products?q=ALPHA', {}))).toEqual(['Alpha Ledger', 'alpha ledger']);
    expect(names(await list('/api/products?q=closed%20DAILY', {}))).toEqual(['Alpha Ledger']);
    expect(names(await list('/api/products?q=retired', await asAdmin()))).toEqual([
      'Dormant Shield',
      'Quiet Beta',
    ]);
  });

  it('takes %, _ and \\ in q literally', async () => {
    expect(names(await list(`/api/products?q=${encodeURIComponent('50%')}`, {}))).toEqual([
      '50% Off Insight',
    ]);
    expect(names(await list('/api/products?q=under_score', {}))).toEqual(['under_score Sync']);
    expect(names(await list(`/api/products?q=${encodeURIComponent('k\\s')}`, {}))).toEqual([
      'Back\\slash Link',
    ]);
    expect(await list(`/api/products?q=${encodeURIComponent('%%')}`, {})).toEqual([]);
  });

  it('combines filters', async () => {
    expect(names(await list('/api/products?category=Analytics&q=sync', {}))).toEqual([
      'underXscore Sync',
      'under_score Sync',
    ]);
    expect(names(await list('/api/products?category=Security&isActive=false', await asAdmin()))).toEqual([
      'Quiet Beta',
    ]);
  });

  it('gives admins the active or the inactive products as isActive asks', async () => {
    const inactive = await list('/api/products?isActive=false', await asAdmin());
    const active = await list('/api/products?isActive=true&limit=200', await asAdmin());

    expect(names(inactive)).toEqual(['Dormant Shield', 'Quiet Beta']);
    expect(active).toHaveLength(fixtures.length - 2);
    expect(active.every((product) => product.isActive)).toBe(true);
  });

  it('never shows inactive products to anyone else, whatever isActive asks', async () => {
    for (const headers of [{}, await tenant()]) {
      const asked = await list('/api/products?isActive=false', headers);
      expect(asked.every((product) => product.isActive)).toBe(true);
      expect(names(asked)).not.toContain('Quiet Beta');
      expect(asked.map((product) => product.id)).toEqual(await idsInOrder('is_active'));
    }
  });
});

describe('GET /api/products refuses', () => {
  const refusal = async (url: string) => {
    const response = await catalog.app.inject({ method: 'GET', url, headers: await asAdmin() });
    expect(response.statusCode, url).toBe(400);
    return response.json<{ type: string; errors: Array<{ path: string }> }>();
  };

  it('a cursor it did not give out', async () => {
    const forged = [
      encodeCursor(['Alpha Ledger']),
      encodeCursor(['Alpha Ledger', 'not-an-id']),
      encodeCursor([1, '0196f2a0-0000-7000-8000-000000000001']),
      'bm90LWpzb24',
    ];
    for (const cursor of forged) {
      expect(await refusal(`/api/products?cursor=${cursor}`)).toMatchObject({
        type: 'urn:problem:invalid-cursor',
      });
    }
  });

  it('a limit outside 1 to 200, and takes 200', async () => {
    for (const limit of ['0', '201', '-1', 'ten']) {
      expect((await refusal(`/api/products?limit=${limit}`)).errors[0]?.path).toBe('limit');
    }
    expect(await list('/api/products?limit=200', await asAdmin())).toHaveLength(fixtures.length);
  });

  it('a malformed filter or one it does not know', async () => {
    expect((await refusal('/api/products?isActive=yes')).errors[0]?.path).toBe('isActive');
    expect((await refusal('/api/products?slug=Not%20A%20Slug')).errors[0]?.path).toBe('slug');
    expect((await refusal('/api/products?status=active')).errors[0]?.path).toBe('status');
  });
});

describe('GET /api/products/categories', () => {
  it('lists, sorted, the categories of the products the caller may see', async () => {
    const categories = async (headers: Record<string, string>) =>
      (await catalog.app.inject({ method: 'GET', url: '/api/products/categories', headers })).json();

    expect(await categories({})).toEqual(['Accounting', 'Analytics', 'Security']);
    expect(await categories(await tenant())).toEqual(['Accounting', 'Analytics', 'Security']);
    expect(await categories(await asAdmin())).toEqual(['Accounting', 'Analytics', 'Dormant', 'Security']);
  });
});

it('documents the Link header and the filters of the list', async () => {
  const document = (await catalog.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const operation = document.paths['/api/products'].get;

  expect(operation.responses['200'].headers.link.description).toMatch(/rel="next"/);
  expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
    expect.arrayContaining(['limit', 'cursor', 'q', 'category', 'slug', 'isActive']),
  );
});
