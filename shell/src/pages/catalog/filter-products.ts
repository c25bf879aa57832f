import type { Product } from '@app/contracts';

export const allCategories = 'all';

export interface CatalogFilter {
  search: string;
  category: string;
}

/**
 * SPEC.md §2 "Catalogue": active products only; the search matches name or description, ignoring case; the
 * category is one of the distinct categories or all of them.
 */
export function filterProducts(products: readonly Product[], filter: CatalogFilter): Product[] {
  const needle = filter.search.trim().toLowerCase();
  return products.filter(
    (product) =>
      product.isActive &&
      (filter.category === allCategories || product.category === filter.category) &&
      (needle === '' ||
        product.name.toLowerCase().includes(needle) ||
        (product.description ?? '').toLowerCase().includes(needle)),
  );
}

/** The distinct categories of the active products, in alphabetical order. */
export function categoriesOf(products: readonly Product[]): string[] {
  const categories = new Set<string>();
  for (const product of products) {
    if (product.isActive && product.category) categories.add(product.category);
  }
  return [...categories].sort((a, b) => a.localeCompare(b));
}
