// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import type { Product } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, pagedList, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { CatalogPage } from '../src/pages/catalog/catalog-page.js';
import { virtualiseFrom } from '../src/pages/catalog/product-grid.js';

function aProduct(index: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `p${index}`,
    name: `Product ${index}`,
    slug: `product-${index}`,
    description: `Description ${index}`,
    basePrice: 10 + index,
    basicPrice: null,
    enterprisePrice: null,
    category: index % 2 === 0 ? 'Banking' : 'Analytics',
    color: '#3B82F6',
    icon: 'BarChart3',
    features: ['One', 'Two', 'Three', 'Four'],
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The catalogue's API: the visitor is signed out, the categories are fixed, the products a paged list. */
function stubCatalog(products: readonly Product[], routes: Routes = {}) {
  const serve = pagedList((query) =>
    products.filter(
      (product) =>
        (query.get('category') === null || product.category === query.get('category')) &&
        product.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase()),
    ),
  );
  return stubApi({
    'GET /api/auth/user': () => new Response(null, { status: 401 }),
    'GET /api/products/categories': () => json(['Analytics', 'Banking']),
    'GET /api/products?*': serve,
    ...routes,
  });
}

/** The cards: the Products list's own items, not the feature lists inside them. */
const productCards = () => [
  ...screen.getByRole('list', { name: 'Products' }).querySelectorAll<HTMLElement>(':scope > li'),
];
const cardNames = () =>
  productCards().map((card) => within(card).getAllByText(/^Product \d+$/)[0]?.textContent);

describe('Catalogue', () => {
  it('reads the first page of active products by name, with a card each linking to checkout', async () => {
    const api = stubCatalog([aProduct(1), aProduct(2)]);
    renderScreen(<CatalogPage />, '/catalog');
    await waitFor(() => expect(cardNames()).toEqual(['Product 1', 'Product 2']));
    expect(api.callsTo('/api/products?isActive=true')).toHaveLength(1);
    const [first] = productCards();
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/checkout?product=product-1',
    );
    expect(within(first).getAllByRole('listitem')).toHaveLength(3);
  });

  it('searches on the server once typing rests, and shows the empty state with Clear Filters', async () => {
    const user = userEvent.setup();
    const api = stubCatalog([aProduct(1), aProduct(12), aProduct(2)]);
    renderScreen(<CatalogPage />, '/catalog');
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    await user.type(screen.getByPlaceholderText('Search products...'), 'product 1');
    await waitFor(() => expect(cardNames()).toEqual(['Product 1', 'Product 12']));
    const searches = api.calls.map((call) => call.url).filter((url) => url.includes('q='));
    expect(searches).toEqual(['/api/products?isActive=true&q=product+1']);

    await user.type(screen.getByPlaceholderText('Search products...'), 'x');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByPlaceholderText('Search products...')).toHaveValue('');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
  });

  it('filters by a category the server lists', async () => {
    const user = userEvent.setup();
    const api = stubCatalog([aProduct(1), aProduct(2), aProduct(3)]);
    renderScreen(<CatalogPage />, '/catalog');
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All Categories',
      'Analytics',
      'Banking',
    ]);
    await user.click(screen.getByRole('option', { name: 'Banking' }));
    await waitFor(() => expect(cardNames()).toEqual(['Product 2']));
    expect(api.callsTo('/api/products?category=Banking&isActive=true')).toHaveLength(1);
  });

  it('reads on with Load more, and keeps a long catalogue to a few dozen cards in the page', async () => {
    const user = userEvent.setup();
    const products = Array.from({ length: 5_000 }, (_, index) => aProduct(index + 1));
    stubCatalog(products, { 'GET /api/products?*': pagedList(products, { defaultLimit: 200 }) });
    renderScreen(<CatalogPage />, '/catalog');
    await waitFor(() => expect(productCards().length).toBeGreaterThan(0));
    expect(productCards().length).toBeLessThan(virtualiseFrom);

    for (let page = 1; page < 5; page += 1) {
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
    }
    await waitFor(() => expect(productCards()[0]).toHaveAttribute('aria-setsize', '-1'));
    expect(productCards().length).toBeLessThan(virtualiseFrom);
    expect(document.querySelectorAll('li').length).toBeLessThan(300);
  });

  it('lays out a short catalogue as a plain grid of every card', async () => {
    const products = Array.from({ length: virtualiseFrom }, (_, index) => aProduct(index + 1));
    stubCatalog(products, { 'GET /api/products?*': pagedList(products, { defaultLimit: 200 }) });
    renderScreen(<CatalogPage />, '/catalog');
    await waitFor(() => expect(productCards()).toHaveLength(virtualiseFrom));
  });
});
