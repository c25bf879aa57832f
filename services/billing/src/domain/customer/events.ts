import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema, paymentProviderNameSchema } from '@app/contracts';

/**
 * Billing's stored customer events (stream `billing_customer-<userId>`), private to it: the buyer's customer
 * at a provider, made on their first checkout; others see the published billing.customer.created.v1. One per
 * provider, so switching PAYMENT_PROVIDER makes a new one rather than charging a customer id the other
 * provider has never heard of.
 */
const customerCreatedSchema = z.object({
  type: z.literal('CustomerCreated'),
  data: z.object({
    userId: idSchema,
    provider: paymentProviderNameSchema,
    providerCustomerId: z.string().min(1).max(255),
    createdAt: isoDateTimeSchema,
  }),
});

export const customerEventSchema = z.discriminatedUnion('type', [customerCreatedSchema]);
export type CustomerEvent = z.infer<typeof customerEventSchema>;
export const customerEventTypes = eventTypesOf(customerEventSchema);
