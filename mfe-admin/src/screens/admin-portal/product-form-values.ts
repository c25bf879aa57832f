import {
  defaultProductColor,
  type CreateProductBody,
  type Product,
  type ReplaceProductBody,
} from '@app/contracts';

/** The Add/Edit Product form as typed: the price as its input's text, features comma-separated. */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  basePrice: string;
  category: string;
  color: string;
  features: string;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

export const emptyProductForm: ProductFormValues = {
  name: '',
  slug: '',
  description: '',
  basePrice: '',
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
    category: product.category ?? '',
    color: product.color,
    features: product.features.join(', '),
  };
}

const slugPattern = /^[a-z0-9-]+$/;
const nameMinLength = 2;

/** SPEC.md §5 "Add/edit Product form", with its messages verbatim; the first failing rule per field speaks. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Product name is required';
  else if (name.length < nameMinLength) errors.name = 'Name must be at least 2 characters';
  if (values.slug === '') errors.slug = 'Slug is required';
  else if (!slugPattern.test(values.slug)) {
    errors.slug = 'Slug must contain only lowercase letters, numbers, and hyphens';
  }
  const price = values.basePrice.trim();
  if (price === '' || Number.isNaN(Number(price))) errors.basePrice = 'Price is required';
  else if (Number(price) < 0) errors.basePrice = 'Price must be positive';
  return errors;
}

/** SPEC.md §5: features are entered comma-separated, split and trimmed into a list (empty pieces dropped). */
export function splitFeatures(text: string): string[] {
  return text
    .split(',')
    .map((feature) => feature.trim())
    .filter((feature) => feature !== '');
}

/** The POST body (SPEC.md §7); call only on values that passed validation. */
export function productBodyFrom(values: ProductFormValues): CreateProductBody {
  return {
    name: values.name.trim(),
    slug: values.slug,
    description: values.description.trim(),
    basePrice: Number(values.basePrice),
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
    category: product.category,
    color: product.color,
    icon: product.icon,
    features: product.features,
    isActive: product.isActive,
    ...change,
  };
}

const formFields = new Set<string>(Object.keys(emptyProductForm));

/** The server's field messages (keyed by path) that belong to a field of this form; `features.2` → features. */
export function formErrorsFrom(serverErrors: Record<string, string>): ProductFormErrors {
  const errors: ProductFormErrors = {};
  for (const [path, message] of Object.entries(serverErrors)) {
    const field = path.split('.')[0] ?? '';
    if (formFields.has(field)) errors[field as ProductFormField] ??= message;
  }
  return errors;
}
