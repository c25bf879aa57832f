import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema, productIconSchema } from '@app/contracts';

/**
 * The catalogue's stored events (stream `catalog_product-<id>`), private to it: what other services see is the
 * published `catalog.product.*.v1` contract in @app/contracts. A stored type never changes incompatibly: a
 * breaking change adds `<Type>.v2` and an upcaster. Money is integer cents; times are ISO 8601 UTC.
 */
const productDetails = {
  productId: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  basePriceCents: z.number().int().nonnegative(),
  /** The basic and enterprise plans' prices (null: not offered); absent in events from before plans had prices. */
  basicPriceCents: z.number().int().nonnegative().nullable().optional(),
  enterprisePriceCents: z.number().int().nonnegative().nullable().optional(),
  category: z.string().nullable(),
  color: z.string(),
  icon: productIconSchema,
  features: z.array(z.string()),
};

const productCreatedSchema = z.object({
  type: z.literal('ProductCreated'),
  data: z.object({ ...productDetails, isActive: z.boolean(), createdAt: isoDateTimeSchema }),
});

/** Carries every detail after the change, so a reader never needs the previous event to know the product. */
const productUpdatedSchema = z.object({
  type: z.literal('ProductUpdated'),
  data: z.object({ ...productDetails, updatedAt: isoDateTimeSchema }),
});

const productActivatedSchema = z.object({
  type: z.literal('ProductActivated'),
  data: z.object({ productId: idSchema, activatedAt: isoDateTimeSchema }),
});

const productDeactivatedSchema = z.object({
  type: z.literal('ProductDeactivated'),
  data: z.object({ productId: idSchema, deactivatedAt: isoDateTimeSchema }),
});

const productDeletedSchema = z.object({
  type: z.literal('ProductDeleted'),
  data: z.object({ productId: idSchema, name: z.string(), slug: z.string(), deletedAt: isoDateTimeSchema }),
});

export const productEventSchema = z.discriminatedUnion('type', [
  productCreatedSchema,
  productUpdatedSchema,
  productActivatedSchema,
  productDeactivatedSchema,
  productDeletedSchema,
]);

export type ProductEvent = z.infer<typeof productEventSchema>;
export const productEventTypes = eventTypesOf(productEventSchema);
