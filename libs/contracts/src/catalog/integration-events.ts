import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { integrationEventSchema } from '../integration-envelope.js';
import { productIconSchema } from './product.js';

/**
 * What the catalogue publishes on NATS (stream CATALOG, subjects `catalog.>`): a public contract for tenancy,
 * billing and anyone else. `created` and `updated` carry every detail of the product, so a consumer keeps its
 * own copy without asking; activation changes and deletion carry the id.
 */
const productDetails = {
  productId: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  basePriceCents: z.number().int().nonnegative(),
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

export const catalogSubjects = {
  productCreated: 'catalog.product.created.v1',
  productUpdated: 'catalog.product.updated.v1',
  productActivated: 'catalog.product.activated.v1',
  productDeactivated: 'catalog.product.deactivated.v1',
  productDeleted: 'catalog.product.deleted.v1',
} as const;

export const catalogProductCreatedV1 = integrationEventSchema(
  catalogSubjects.productCreated,
  productCreatedV1DataSchema,
);
export const catalogProductUpdatedV1 = integrationEventSchema(
  catalogSubjects.productUpdated,
  productUpdatedV1DataSchema,
);
export const catalogProductActivatedV1 = integrationEventSchema(
  catalogSubjects.productActivated,
  productActivationV1DataSchema,
);
export const catalogProductDeactivatedV1 = integrationEventSchema(
  catalogSubjects.productDeactivated,
  productActivationV1DataSchema,
);
export const catalogProductDeletedV1 = integrationEventSchema(
  catalogSubjects.productDeleted,
  productDeletedV1DataSchema,
);

export const catalogIntegrationEventSchema = z.discriminatedUnion('type', [
  catalogProductCreatedV1,
  catalogProductUpdatedV1,
  catalogProductActivatedV1,
  catalogProductDeactivatedV1,
  catalogProductDeletedV1,
]);
export type CatalogIntegrationEvent = z.infer<typeof catalogIntegrationEventSchema>;

/** The JetStream stream the catalogue owns. */
export const catalogStream = { name: 'CATALOG', subjects: ['catalog.>'] } as const;
