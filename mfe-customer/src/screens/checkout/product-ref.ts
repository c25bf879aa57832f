import type { ProductLookup } from '@app/web-data';

/**
 * Which product the checkout is for: `?product={slug}` decides over `/checkout/{productId}` (SPEC.md §2), which
 * may hold an id or a slug. Null: the URL names none.
 */
export function productRefFrom(search: URLSearchParams, productId: string | undefined): ProductLookup | null {
  const slug = search.get('product');
  if (slug) return { slug };
  if (productId) return { idOrSlug: productId };
  return null;
}
