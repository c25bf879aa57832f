import {
  defaultProductColor,
  type CreateProductBody,
  type Product,
  type ReplaceProductBody,
} from '@app/contracts';

/**
 * The Add/Edit Product form as typed: prices as their inputs' text, features comma-separated. Basic and
 * enterprise prices are optional: empty means the product does not offer that plan.
 */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  basePrice: string;
  basicPrice: string;
  enterprisePrice: string;
  category: string;
  color: string;
  features: string;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

/** In the order the form shows them. */
export const productFormFields: readonly ProductFormField[] = [
  'name',
  'slug',
  'description',
  'basePrice',
  'basicPrice',
  'enterprisePrice',
  'category',
  'color',
  'features',
];

export const emptyProductForm: ProductFormValues = {
  name: '',
  slug: '',
  description: '',
  basePrice: '',
  basicPrice: '',
  enterprisePrice: '',
  category: '',
  color: defaultProductColor,
  features: '',
};

export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description ?? '',
    basePrice: String(product.basePrice),
    basicPrice: product.basicPrice === null ? '' : String(product.basicPrice),
    enterprisePrice: product.enterprisePrice === null ? '' : String(product.enterprisePrice),
    category: product.category ?? '',
    color: product.color,
    features: product.features.join(', '),
  };
}

/** SPEC.md §5: features are entered comma-separated, split and trimmed into a list (empty pieces dropped). */
export function splitFeatures(text: string): string[] {
  return text
    .split(',')
    .map((feature) => feature.trim())
    .filter((feature) => feature !== '');
}

/** An optional plan price as typed: empty is null, the plan is not offered. */
export function optionalPriceFrom(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The POST body (SPEC.md §7); call only on values that passed productFormSchema. */
export function productBodyFrom(values: ProductFormValues): CreateProductBody {
  return {
    name: values.name.trim(),
    slug: values.slug,
    description: values.description.trim(),
    basePrice: Number(values.basePrice),
    basicPrice: optionalPriceFrom(values.basicPrice),
    enterprisePrice: optionalPriceFrom(values.enterprisePrice),
    category: values.category.trim(),
    color: values.color,
    features: splitFeatures(values.features),
  };
}

/** The PUT body: the whole product as it stands, with the given fields changed (SPEC.md §4 and §7). */
export function replacementOf(
  product: Product,
  change: Partial<ReplaceProductBody> = {},
): ReplaceProductBody {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    basePrice: product.basePrice,
    basicPrice: product.basicPrice,
    enterprisePrice: product.enterprisePrice,
    category: product.category,
    color: product.color,
    icon: product.icon,
    features: product.features,
    isActive: product.isActive,
    ...change,
  };
}

const formFields = new Set<string>(productFormFields);

/** The server's field messages (keyed by path) that belong to a field of this form; `features.2` → features. */
export function formErrorsFrom(serverErrors: Record<string, string>): ProductFormErrors {
  const errors: ProductFormErrors = {};
  for (const [path, message] of Object.entries(serverErrors)) {
    const field = path.split('.')[0] ?? '';
    if (formFields.has(field)) errors[field as ProductFormField] ??= message;
  }
  return errors;
}
