import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import { idSchema, isoDateTimeSchema, paymentProviderNameSchema } from '@app/contracts';
import { savedCardSchema } from '../stored-card.js';

/**
 * Billing's stored customer events (stream `billing_customer-<userId>`), private to it: the buyer's customer
 * at a provider, made on their first checkout; others see the published billing.customer.created.v1. One per
 * provider, so switching PAYMENT_PROVIDER makes a new one rather than charging a customer id the other
 * provider has never heard of. And the card on file replaced through the provider (issue 19): a setup opened,
 * each card it refused, and the card it saved, which renewals then charge. No card data beyond brand, last four
 * and expiry; the setup's client secret never enters an event.
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

const providerSetupIdSchema = z.string().min(1).max(255);

/** A SetupIntent opened at the provider to save a new card, with nothing charged. */
const cardSetupStartedSchema = z.object({
  type: z.literal('CardSetupStarted'),
  data: z.object({
    setupId: idSchema,
    userId: idSchema,
    provider: paymentProviderNameSchema,
    /** The provider's id of the setup (`seti_…` at Stripe). */
    providerSetupId: providerSetupIdSchema,
    providerCustomerId: z.string().min(1).max(255),
    startedAt: isoDateTimeSchema,
  }),
});

/** The provider saved the card for off-session charges: it is the card on file from `savedAt`. */
const paymentMethodSavedSchema = z.object({
  type: z.literal('PaymentMethodSaved'),
  data: z.object({
    setupId: idSchema,
    userId: idSchema,
    provider: paymentProviderNameSchema,
    paymentMethodId: z.string().min(1).max(255),
    card: savedCardSchema,
    savedAt: isoDateTimeSchema,
  }),
});

/** One card refused; the customer may try another with the same setup (Stripe's requires_payment_method). */
const cardSetupFailedSchema = z.object({
  type: z.literal('CardSetupFailed'),
  data: z.object({
    setupId: idSchema,
    userId: idSchema,
    providerSetupId: providerSetupIdSchema,
    code: z.string().min(1).max(100),
    declineCode: z.string().min(1).max(100).nullable(),
    message: z.string().min(1).max(500),
    failedAt: isoDateTimeSchema,
  }),
});

export const customerEventSchema = z.discriminatedUnion('type', [
  customerCreatedSchema,
  cardSetupStartedSchema,
  paymentMethodSavedSchema,
  cardSetupFailedSchema,
]);
export type CustomerEvent = z.infer<typeof customerEventSchema>;
export const customerEventTypes = eventTypesOf(customerEventSchema);
