import type { ProductListFilters } from '@app/web-data';

/** The Category dropdown's value for All Categories. */
export const allCategories = 'all';

export interface CatalogFilter {
  /** The search text, as the server is to search it (after the typing pause). */
  search: string;
  category: string;
}

/**
 * SPEC.md §2 "Catalogue" as a question for the server: active products only (an admin browsing the catalogue
 * would otherwise get every product); the search matches name or description, ignoring case; the category is
 * one of the distinct categories, or none for all of them.
 */
export function catalogQuery(filter: CatalogFilter): ProductListFilters {
  const search = filter.search.trim();
  return {
    isActive: true,
    ...(search === '' ? {} : { q: search }),
    ...(filter.category === allCategories ? {} : { category: filter.category }),
  };
}
