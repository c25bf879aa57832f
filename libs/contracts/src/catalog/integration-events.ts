import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { publishedEvents } from '../integration-envelope.js';
import { productIconSchema } from './product.js';

/**
 * What the catalogue publishes on NATS (stream CATALOG, subjects `catalog.>`): a public contract for tenancy,
 * billing and anyone else. `created` and `updated` carry every detail of the product, so a consumer keeps its
 * own copy without asking (the professional plan's price is `basePriceCents`); activation changes and deletion carry the id.
 */
const productDetails = {
  productId: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  basePriceCents: z.number().int().nonnegative(),
  /** The basic and enterprise plans' prices; null: not offered. Absent in messages from before plans had prices. */
  basicPriceCents: z.number().int().nonnegative().nullable().optional(),
  enterprisePriceCents: z.number().int().nonnegative().nullable().optional(),
  category: z.string().nullable(),
  color: z.string(),
  icon: productIconSchema,
  features: z.array(z.string()),
};

export const productCreatedV1DataSchema = z.object({
  ...productDetails,
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export const productUpdatedV1DataSchema = z.object({ ...productDetails, updatedAt: isoDateTimeSchema });
export const productActivationV1DataSchema = z.object({ productId: idSchema, changedAt: isoDateTimeSchema });
export const productDeletedV1DataSchema = z.object({
  productId: idSchema,
  name: z.string(),
  slug: z.string(),
  deletedAt: isoDateTimeSchema,
});

const catalog = publishedEvents({
  productCreated: ['catalog.product.created.v1', productCreatedV1DataSchema],
  productUpdated: ['catalog.product.updated.v1', productUpdatedV1DataSchema],
  productActivated: ['catalog.product.activated.v1', productActivationV1DataSchema],
  productDeactivated: ['catalog.product.deactivated.v1', productActivationV1DataSchema],
  productDeleted: ['catalog.product.deleted.v1', productDeletedV1DataSchema],
});

export const catalogSubjects = catalog.subjects;
export const {
  productCreated: catalogProductCreatedV1,
  productUpdated: catalogProductUpdatedV1,
  productActivated: catalogProductActivatedV1,
  productDeactivated: catalogProductDeactivatedV1,
  productDeleted: catalogProductDeletedV1,
} = catalog.schemas;
export const catalogIntegrationEventSchema = catalog.union;
export type CatalogIntegrationEvent = z.infer<typeof catalogIntegrationEventSchema>;

/** The JetStream stream the catalogue owns. */
export const catalogStream = { name: 'CATALOG', subjects: ['catalog.>'] } as const;
