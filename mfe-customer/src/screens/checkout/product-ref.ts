import type { Product } from '@app/contracts';

/** Which product the checkout is for: `?product={slug}` decides over `/checkout/{productId}` (SPEC.md §2). */
export type ProductRef = { by: 'slug'; value: string } | { by: 'id-or-slug'; value: string } | null;

export function productRefFrom(search: URLSearchParams, productId: string | undefined): ProductRef {
  const slug = search.get('product');
  if (slug) return { by: 'slug', value: slug };
  if (productId) return { by: 'id-or-slug', value: productId };
  return null;
}

/** Only an active product can be bought; an inactive one is "not found" like an unknown one. */
export function findCheckoutProduct(products: readonly Product[], ref: ProductRef): Product | undefined {
  if (!ref) return undefined;
  return products.find(
    (product) =>
      product.isActive &&
      (product.slug === ref.value || (ref.by === 'id-or-slug' && product.id === ref.value)),
  );
}
