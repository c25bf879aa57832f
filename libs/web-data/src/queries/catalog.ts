import type { Product } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { ApiError } from '../api-error.js';
import { readJson } from '../http.js';
import { listAddress, readPage } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { queryKeys, segment } from '../query-keys.js';

/**
 * productListQuerySchema's filters (libs/contracts catalog/product.ts). Admins get every product unless they
 * ask for `isActive`; everyone else only ever gets active ones (ARCHITECTURE.md "Decisions": Catalogue).
 */
export type ProductListFilters = {
  q?: string;
  category?: string;
  slug?: string;
  isActive?: boolean;
  limit?: number;
};

/** GET /api/products, by name: searched in name and description (`q`), filtered by category or status. */
export function productListQuery(filters: ProductListFilters = {}) {
  return pagedQuery<Product>(queryKeys.productList(filters), listAddress('/api/products', filters));
}

/** GET /api/products/{id}: one product, as the product details page shows it. */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: () => readJson<Product>(`/api/products/${segment(id)}`),
  });
}

/** GET /api/products/categories: the catalogue's category choices, sorted by the server. */
export function productCategoriesQuery() {
  return queryOptions({
    queryKey: queryKeys.productCategories,
    queryFn: () => readJson<string[]>('/api/products/categories'),
  });
}

/** What the checkout names: a slug (`?product=`), or the route's id-or-slug (`/checkout/{productId}`). */
export type ProductLookup = { slug: string } | { idOrSlug: string };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The active product the checkout is for, or null when there is none: `GET /api/products?slug=…` (one row, not
 * the catalogue), and for the route form also `GET /api/products/{id}`. Text that cannot be a slug or an id
 * names no product, without asking.
 */
export function productLookupQuery(lookup: ProductLookup) {
  const value = 'slug' in lookup ? lookup.slug : lookup.idOrSlug;
  return queryOptions({
    queryKey: queryKeys.productLookup(lookup),
    queryFn: async (): Promise<Product | null> => {
      const bySlug = slugPattern.test(value) ? await activeProductBySlug(value) : null;
      if (bySlug || 'slug' in lookup || !uuidPattern.test(value)) return bySlug;
      return activeProductById(value);
    },
  });
}

async function activeProductBySlug(slug: string): Promise<Product | null> {
  const page = await readPage<Product>(listAddress('/api/products', { slug, isActive: true, limit: 1 }));
  return page.items.find((product) => product.slug === slug && product.isActive) ?? null;
}

async function activeProductById(id: string): Promise<Product | null> {
  try {
    const product = await readJson<Product>(`/api/products/${segment(id)}`);
    return product.isActive ? product : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useProductList(filters: ProductListFilters = {}) {
  return usePagedList(productListQuery(filters));
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

export function useProductCategories() {
  return useQuery(productCategoriesQuery());
}

export function useProductLookup(lookup: ProductLookup | null) {
  return useQuery({ ...productLookupQuery(lookup ?? { slug: '' }), enabled: lookup !== null });
}
