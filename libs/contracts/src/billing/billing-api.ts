import { z } from 'zod';
import { pageQueryShape } from '../paging.js';
import { hasAtMostTwoDecimals, idSchema, isoDateTimeSchema } from '../common.js';
import { defaultSubscriptionPlan } from '../tenancy/subscription-plans.js';
import { subscriptionPlanSchema } from '../tenancy/subscription.js';
import { invoiceNumberSchema, paymentProviderNameSchema } from './billing-values.js';

/**
 * Billing's HTTP payloads (SPEC.md §3 Invoice and payment intent, §7 payment and invoice calls). Money crosses
 * as dollars; billing charges the catalogue's price, and `amount` is only what the page showed the buyer.
 */
export const createPaymentIntentBodySchema = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a number of dollars' })
    .positive('Amount must be positive')
    .refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimal places'),
  productId: idSchema,
  plan: subscriptionPlanSchema
    .default(defaultSubscriptionPlan)
    .describe('The plan bought (default professional); the product must offer it'),
});
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBodySchema>;

export const paymentIntentReplySchema = z.object({ clientSecret: z.string() });
export type PaymentIntentReply = z.infer<typeof paymentIntentReplySchema>;

/**
 * The Sandbox's card form. Only the shape is checked here (400); whether the card is valid, expired or declined
 * is the provider's answer (402 with Stripe's wording). The messages never repeat the value.
 */
export const sandboxCardSchema = z.strictObject({
  number: z
    .string({ error: 'Card number must be text' })
    .regex(/^[0-9 ]{1,30}$/, 'Card number must be digits'),
  expMonth: z
    .number({ error: 'Expiry month must be a number' })
    .int('Expiry month must be a whole number')
    .min(0, 'Expiry month must be a number from 1 to 12')
    .max(99, 'Expiry month must be a number from 1 to 12'),
  expYear: z
    .number({ error: 'Expiry year must be a number' })
    .int('Expiry year must be a whole number')
    .min(0, 'Expiry year must be a year')
    .max(9999, 'Expiry year must be a year'),
  cvc: z.string({ error: 'CVC must be text' }).regex(/^[0-9]{1,4}$/, 'CVC must be digits'),
});

export const sandboxConfirmBodySchema = z.strictObject({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1).max(255),
  card: sandboxCardSchema,
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

export const sandboxConfirmReplySchema = z.object({ status: z.literal('succeeded') });

/**
 * GET /api/billing/payments/{paymentIntentId}: where billing stands on one of the caller's checkout payments.
 * Stripe's page learns of success before billing does (its webhook arrives later), so the page waits for this.
 */
export const paymentStatusParamsSchema = z.object({
  paymentIntentId: z.string().min(1).max(255),
});
export const paymentStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentStatusReplySchema = z.object({ status: paymentStatusSchema });
export type PaymentStatusReply = z.infer<typeof paymentStatusReplySchema>;

/** GET /api/billing/config: which provider the checkout loads, and Stripe's publishable key when it is Stripe. */
export const billingConfigSchema = z.object({
  provider: paymentProviderNameSchema,
  publishableKey: z.string().optional(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const invoiceStatusSchema = z.enum(['paid', 'pending', 'overdue']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** SPEC.md §3 Invoice (id, invoiceNumber, amount, status, createdAt) and what the billing page may show besides. */
/** How an upgrade's prorated invoice was prorated: the two plans' monthly prices, for part of the period. */
export const invoiceProrationSchema = z.object({
  fromPlan: subscriptionPlanSchema,
  plan: subscriptionPlanSchema,
  previousAmount: z.number().nonnegative(),
  amount: z.number().nonnegative(),
  remainingSeconds: z.number().int().nonnegative(),
  periodSeconds: z.number().int().positive(),
});
export type InvoiceProration = z.infer<typeof invoiceProrationSchema>;

export const invoiceSchema = z.object({
  id: idSchema,
  invoiceNumber: invoiceNumberSchema,
  amount: z.number().nonnegative(),
  currency: z.literal('usd'),
  status: invoiceStatusSchema,
  createdAt: isoDateTimeSchema,
  paidAt: isoDateTimeSchema.nullable(),
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  productId: idSchema,
  /** The product's name as billing last heard it; null if billing never heard of the product. */
  productName: z.string().nullable(),
  tenantId: idSchema.nullable(),
  /** An upgrade's prorated invoice only; absent or null on every other. */
  proration: invoiceProrationSchema.nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** GET /api/invoices, newest first, filtered by `status`. */
export const invoiceListQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: invoiceStatusSchema.optional().describe('Only invoices with this status'),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
