import type { Product } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';

/**
 * GET /api/products: admins get every product, everyone else only active ones (ARCHITECTURE.md "Decisions":
 * Catalogue). Admin pages pick one by id and checkout by slug from this list (SPEC.md §7).
 */
export function productsQuery() {
  return queryOptions({
    queryKey: queryKeys.products,
    queryFn: () => readJson<Product[]>('/api/products'),
  });
}

export function useProducts() {
  return useQuery(productsQuery());
}
