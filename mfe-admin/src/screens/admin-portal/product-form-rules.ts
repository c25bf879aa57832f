import {
  basePriceSchema,
  basicPriceSchema,
  enterprisePriceSchema,
  productPlanPriceProblems,
  productCategorySchema,
  productColorSchema,
  productDescriptionSchema,
  productFeaturesSchema,
  productNameSchema,
  productSlugSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  optionalPriceFrom,
  productFormFields,
  splitFeatures,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-values.js';

/** An empty or non-numeric price is a missing one (SPEC.md §5: Price is required), not NaN. */
function priceFromText(text: string): number | undefined {
  const price = Number(text.trim());
  return text.trim() === '' || Number.isNaN(price) ? undefined : price;
}

/**
 * The form's text read by the catalogue's own product rules, so the form and the API refuse the same input
 * with the same words (SPEC.md §5's messages live in @app/contracts, once). Each field's first failing rule
 * speaks.
 */
export const productFormSchema = z
  .object({
    name: productNameSchema,
    slug: productSlugSchema,
    // The API also takes null for these two; a text field never holds one.
    description: productDescriptionSchema.unwrap(),
    basePrice: z.string().transform(priceFromText).pipe(basePriceSchema),
    basicPrice: z.string().transform(optionalPriceFrom).pipe(basicPriceSchema),
    enterprisePrice: z.string().transform(optionalPriceFrom).pipe(enterprisePriceSchema),
    category: productCategorySchema.unwrap(),
    color: productColorSchema,
    features: z.string().transform(splitFeatures).pipe(productFeaturesSchema),
  })
  // The plans' order, in the server's words, under the field at fault.
  .superRefine((values, context) => {
    for (const problem of productPlanPriceProblems(values)) {
      context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
  });

/**
 * Checks the values against the rules and hands them on as typed (`raw`): productBodyFrom builds the request
 * from the text itself, not from the schema's normalised output (null for an empty description, an
 * upper-case colour).
 */
export const productFormResolver = zodResolver(productFormSchema, undefined, { raw: true });

/**
 * One message per field, as the form shows them. A rule on one feature (`features.2`) nests its message in
 * an array under `features`; the form has one Features field, which shows it.
 */
export function fieldMessages(errors: FieldErrors<ProductFormValues>): ProductFormErrors {
  const messages: ProductFormErrors = {};
  for (const field of productFormFields) {
    const message = firstMessage(errors[field]);
    if (message !== undefined) messages[field] = message;
  }
  return messages;
}

function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(firstMessage).find((message) => message !== undefined);
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' ? error.message : undefined;
}
