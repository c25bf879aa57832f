import { z } from 'zod';
import { eventTypesOf } from '@app/domain';
import {
  idSchema,
  isoDateTimeSchema,
  paymentProviderNameSchema,
  subscriptionPlanSchema,
} from '@app/contracts';
import { storedCardSchema } from '../stored-card.js';

/**
 * Billing's stored payment events (stream `billing_payment-<id>`), private to it: others see the published
 * billing.checkout.completed.v1. Money is integer cents in USD. No card data beyond the brand and last four
 * ever enters an event; the provider's client secret never does either. `succeeded` repeats the facts of
 * `created`, so the relay publishes a checkout from that one event.
 */
/**
 * `checkout`: the buyer confirms it in the browser. `renewal`: one off-session charge of the saved card for a
 * renewal invoice, decided at once by the provider (one payment per collection attempt). `upgrade`: one such
 * charge of an upgrade's prorated difference, whose invoice is issued paid when it succeeds.
 */
const paymentKindSchema = z.enum(['checkout', 'renewal', 'upgrade']);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

const paymentFacts = {
  paymentId: idSchema,
  userId: idSchema,
  /** Null when billing does not know it: tenancy settles the buyer's tenant (ARCHITECTURE.md "Decisions"). */
  tenantId: idSchema.nullable(),
  productId: idSchema,
  plan: subscriptionPlanSchema,
  kind: paymentKindSchema,
  amountCents: z.number().int().positive(),
  currency: z.literal('usd'),
  provider: paymentProviderNameSchema,
  /** The provider's id of the payment (`pi_…` at Stripe). */
  providerPaymentId: z.string().min(1).max(255),
  /** The invoice a `renewal` payment tries to collect, or an `upgrade` pays; absent for a checkout. */
  invoiceId: idSchema.optional(),
};

const paymentCreatedSchema = z.object({
  type: z.literal('PaymentCreated'),
  data: z.object({
    ...paymentFacts,
    providerCustomerId: z.string().min(1).max(255),
    createdAt: isoDateTimeSchema,
  }),
});

const paymentSucceededSchema = z.object({
  type: z.literal('PaymentSucceeded'),
  data: z.object({
    ...paymentFacts,
    /** The card saved for off-session renewals, when the provider saved one. */
    paymentMethodId: z.string().min(1).max(255).nullable(),
    card: storedCardSchema.nullable(),
    succeededAt: isoDateTimeSchema,
  }),
});

/** One attempt declined; the customer may try again with another card (Stripe's requires_payment_method). */
const paymentFailedSchema = z.object({
  type: z.literal('PaymentFailed'),
  data: z.object({
    paymentId: idSchema,
    userId: idSchema,
    providerPaymentId: z.string().min(1).max(255),
    /** Stripe's error code (`card_declined`, `expired_card`, …) and decline code, and its wording. */
    code: z.string().min(1).max(100),
    declineCode: z.string().min(1).max(100).nullable(),
    message: z.string().min(1).max(500),
    failedAt: isoDateTimeSchema,
  }),
});

export const paymentEventSchema = z.discriminatedUnion('type', [
  paymentCreatedSchema,
  paymentSucceededSchema,
  paymentFailedSchema,
]);
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export type PaymentCreated = z.infer<typeof paymentCreatedSchema>;
export const paymentEventTypes = eventTypesOf(paymentEventSchema);
