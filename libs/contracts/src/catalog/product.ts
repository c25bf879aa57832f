import { z } from 'zod';
import { booleanQuerySchema, pageQueryShape, searchTextSchema } from '../paging.js';
import { hasAtMostTwoDecimals, idSchema, isoDateTimeSchema } from '../common.js';
import { productPlanPriceProblems } from './plan-prices.js';

/** SPEC.md §3 Product and §5 validation; messages are the spec's own wording where it has one. */
export const productIcons = ['BarChart3', 'Link', 'Shield'] as const;
export type ProductIcon = (typeof productIcons)[number];
export const defaultProductColor = '#3B82F6';
export const defaultProductIcon: ProductIcon = 'BarChart3';
export const maxBasePrice = 1_000_000;

const required = (message: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? message : undefined,
});

export const productNameSchema = z
  .string(required('Product name is required'))
  .trim()
  .min(1, { error: 'Product name is required', abort: true })
  .min(2, 'Name must be at least 2 characters')
  .max(120, 'Name must be at most 120 characters');

export const productSlugSchema = z
  .string(required('Slug is required'))
  .min(1, { error: 'Slug is required', abort: true })
  .max(80, 'Slug must be at most 80 characters')
  .regex(/^[a-z0-9-]+$/, 'Slug must contain only lowercase letters, numbers, and hyphens');

const priceSchema = (label: string) =>
  z
    .number(required(`${label} is required`))
    .min(0, `${label} must be positive`)
    .max(maxBasePrice, `${label} must be at most ${maxBasePrice}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`);

export const basePriceSchema = priceSchema('Price');

/** The basic and enterprise plans' prices: the base price's rules; null means the plan is not offered. */
export const basicPriceSchema = priceSchema('Basic price').nullable();
export const enterprisePriceSchema = priceSchema('Enterprise price').nullable();

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((text) => (text === '' ? null : text))
    .nullable();

export const productDescriptionSchema = optionalText(2000, 'Description');
export const productCategorySchema = optionalText(60, 'Category');

export const productColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, `Color must be a hex colour like ${defaultProductColor}`)
  .transform((color) => color.toUpperCase());

export const productIconSchema = z.enum(productIcons, {
  error: `Icon must be one of ${productIcons.join(', ')}`,
});

/** Features arrive as a list; each is trimmed and empty ones are dropped (SPEC.md §5: "Empty entries are dropped"). */
export const productFeaturesSchema = z
  .array(z.string().trim().max(200, 'A feature must be at most 200 characters'))
  .max(50, 'At most 50 features')
  .transform((features) => features.filter((feature) => feature !== ''));

/**
 * POST /api/admin/products, and PUT /api/admin/products/:id (a full replacement; isActive kept when absent). An
 * absent basic or enterprise price is null: that plan is not offered. The plans' order is checked here for a
 * clear 400 on the field, and again by the catalogue on the product that results (a PATCH may change one side).
 */
export const createProductBodySchema = z
  .strictObject({
    name: productNameSchema,
    slug: productSlugSchema,
    description: productDescriptionSchema.optional(),
    basePrice: basePriceSchema,
    basicPrice: basicPriceSchema.optional(),
    enterprisePrice: enterprisePriceSchema.optional(),
    category: productCategorySchema.optional(),
    color: productColorSchema.optional(),
    icon: productIconSchema.optional(),
    features: productFeaturesSchema.optional(),
    isActive: z.boolean('isActive must be true or false').optional(),
  })
  .superRefine((body, context) => {
    for (const problem of productPlanPriceProblems(body)) {
      context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
  });
export type CreateProductBody = z.input<typeof createProductBodySchema>;

export const replaceProductBodySchema = createProductBodySchema;
export type ReplaceProductBody = z.input<typeof replaceProductBodySchema>;

/** PATCH /api/admin/products/:id: any subset of the fields, at least one. */
export const patchProductBodySchema = z
  .strictObject({
    name: productNameSchema,
    slug: productSlugSchema,
    description: productDescriptionSchema,
    basePrice: basePriceSchema,
    basicPrice: basicPriceSchema,
    enterprisePrice: enterprisePriceSchema,
    category: productCategorySchema,
    color: productColorSchema,
    icon: productIconSchema,
    features: productFeaturesSchema,
    isActive: z.boolean('isActive must be true or false'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update: send at least one field');
export type PatchProductBody = z.input<typeof patchProductBodySchema>;

export const productIdParamsSchema = z.strictObject({ id: idSchema });

/** A product as the API returns it: money in dollars. */
export const productSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  basePrice: z.number().describe('The professional plan’s monthly price, in dollars'),
  basicPrice: z.number().nullable().describe('The basic plan’s monthly price; null: not offered'),
  enterprisePrice: z.number().nullable().describe('The enterprise plan’s monthly price; null: not offered'),
  category: z.string().nullable(),
  color: z.string(),
  icon: productIconSchema,
  features: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/**
 * GET /api/products, ordered by name (then id): `q` searches name and description, `category` matches exactly,
 * `slug` finds the one product the checkout link names. `isActive` is for admins; everyone else only ever gets
 * active products, whatever they ask.
 */
export const productListQuerySchema = z.strictObject({
  ...pageQueryShape,
  q: searchTextSchema.describe('Case-insensitive search in name and description'),
  category: z.string().trim().min(1).max(60).optional().describe('Exact category'),
  slug: productSlugSchema.optional().describe('The product with this slug'),
  isActive: booleanQuerySchema('isActive').optional().describe('Admins only: active or inactive products'),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** GET /api/products/categories: the distinct categories of the products the caller may see, sorted. */
export const productCategoriesSchema = z.array(z.string());

/** GET /api/admin/products/summary: the Admin Dashboard's and Portal's product counters. */
export const productSummarySchema = z.object({
  totalProducts: z.number().int().nonnegative(),
  activeProducts: z.number().int().nonnegative(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;
