import type { PatchProductBody, Product } from '@app/contracts';

/** The Product Information form as typed (SPEC.md §2 "Product details"). */
export interface ProductInfoValues {
  name: string;
  description: string;
  basePrice: string;
  category: string;
  color: string;
  isActive: boolean;
}

export function productInfoFrom(product: Product): ProductInfoValues {
  return {
    name: product.name,
    description: product.description ?? '',
    basePrice: String(product.basePrice),
    category: product.category ?? '',
    color: product.color,
    isActive: product.isActive,
  };
}

/** SPEC.md §5 "Product details edit": the base price is parsed as a number, 0 when it is not numeric. */
export function parsePrice(text: string): number {
  const price = Number.parseFloat(text);
  return Number.isFinite(price) ? price : 0;
}

export function productInfoPatch(values: ProductInfoValues): PatchProductBody {
  return {
    name: values.name,
    description: values.description,
    basePrice: parsePrice(values.basePrice),
    category: values.category,
    color: values.color,
    isActive: values.isActive,
  };
}

/** SPEC.md §2: empty feature entries are dropped on save. */
export function keptFeatures(features: readonly string[]): string[] {
  return features.map((feature) => feature.trim()).filter((feature) => feature !== '');
}

/** SPEC.md §4: the toasts of saving either product card. */
export const productToasts = { success: 'Product updated successfully', failure: 'Failed to update product' };
