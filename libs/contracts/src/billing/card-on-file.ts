import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common.js';
import { sandboxCardSchema } from './billing-api.js';

/**
 * The card on file (issue 19): GET /api/billing/payment-method answers the signed-in customer's saved card, the
 * one renewals, retries and Pay now charge, and whether it runs out before their next renewal. Brand, last four
 * and expiry only; a card saved before billing kept expiries has none (null), never a guessed one.
 */
export const cardOnFileSchema = z.object({
  /** Stripe's brand names: `visa`, `mastercard`, `amex`, … */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  /** 1-12; the card is good through the last day of this month. */
  expMonth: z.number().int().min(1).max(12).nullable(),
  /** Four digits. */
  expYear: z.number().int().nullable(),
});
export type CardOnFile = z.infer<typeof cardOnFileSchema>;

export const paymentMethodReplySchema = z.object({
  card: cardOnFileSchema.nullable(),
  /** The earliest renewal to be charged among the subscriptions of tenants the customer owns; null if none. */
  nextRenewalAt: isoDateTimeSchema.nullable(),
  /** The card is no longer good on `nextRenewalAt` (it expires at the end of its expiry month). */
  expiresBeforeNextRenewal: z.boolean(),
});
export type PaymentMethodReply = z.infer<typeof paymentMethodReplySchema>;

/**
 * POST /api/billing/payment-method/setups: a card change opened at the provider. The client secret goes to the
 * browser only, which confirms the new card with it (Stripe.js's Payment Element, or the Sandbox's form).
 */
export const cardSetupReplySchema = z.object({ setupId: idSchema, clientSecret: z.string() });
export type CardSetupReply = z.infer<typeof cardSetupReplySchema>;

export const cardSetupParamsSchema = z.strictObject({ setupId: idSchema });

/**
 * POST /api/billing/payment-method/setups/:setupId/complete: where a card change stands once the browser is done
 * with it: `succeeded` (the new card is on file), `failed` with the issuer's words, or `pending` while the
 * provider waits for the customer (3-D Secure not finished yet).
 */
export const cardSetupStatusSchema = z.object({
  status: z.enum(['pending', 'succeeded', 'failed']),
  message: z.string().nullable(),
});
export type CardSetupStatus = z.infer<typeof cardSetupStatusSchema>;

/** POST /api/billing/sandbox/confirm-setup: the Sandbox's card form for a card change, shaped as a checkout's. */
export const sandboxSetupConfirmBodySchema = z.strictObject({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1).max(255),
  card: sandboxCardSchema,
});
export type SandboxSetupConfirmBody = z.input<typeof sandboxSetupConfirmBodySchema>;
