import type Stripe from 'stripe';
import { z } from 'zod';
import type {
  CardSummary,
  PaymentMetadata,
  PaymentOutcome,
  PresentChargeOutcome,
  RetrievedPayment,
} from '../payment-provider.js';

/**
 * Translations between billing's vocabulary and Stripe's objects: metadata both ways, and a PaymentIntent or a
 * card error as a PaymentOutcome. No I/O.
 */

/** Stripe metadata values are strings and an empty one deletes its key, so a missing tenant is left out. */
export function toStripeMetadata(metadata: PaymentMetadata): Record<string, string> {
  const { paymentId, productId, userId, tenantId } = metadata;
  return { paymentId, productId, userId, ...(tenantId === null ? {} : { tenantId }) };
}

const stripeMetadata = z.object({
  paymentId: z.string().min(1),
  productId: z.string().min(1),
  userId: z.string().min(1),
  tenantId: z.string().min(1).optional(),
});

/** Billing's metadata on an intent, or null for an intent billing did not create (another integration's). */
export function fromStripeMetadata(metadata: Stripe.Metadata | null | undefined): PaymentMetadata | null {
  const parsed = stripeMetadata.safeParse(metadata ?? {});
  if (!parsed.success) return null;
  const { paymentId, productId, userId, tenantId } = parsed.data;
  return { paymentId, productId, userId, tenantId: tenantId ?? null };
}

export function paymentMethodIdOf(intent: Stripe.PaymentIntent): string | null {
  const method = intent.payment_method;
  if (method === null) return null;
  return typeof method === 'string' ? method : method.id;
}

export function cardOf(method: Stripe.PaymentMethod | null | undefined): CardSummary | null {
  const card = method?.card;
  if (!card) return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** An intent that ended without an exception: succeeded, or left for another payment method after a failure. */
export function outcomeOfIntent(
  intent: Stripe.PaymentIntent,
  saved: { paymentMethodId: string | null; card: CardSummary | null },
): PaymentOutcome {
  if (intent.status === 'succeeded') {
    return { status: 'succeeded', providerPaymentId: intent.id, ...saved };
  }
  if (intent.status === 'processing') {
    // Cards settle at once; a card payment still processing is not something billing can book either way.
    throw new Error(`Stripe PaymentIntent ${intent.id} is still processing`);
  }
  return failureOfIntent(intent);
}

/** Why an intent did not succeed, from its last payment error (Stripe's code, decline code and message). */
export function failureOfIntent(intent: Stripe.PaymentIntent): PaymentOutcome {
  const error = intent.last_payment_error;
  return {
    status: 'failed',
    providerPaymentId: intent.id,
    code: error?.code ?? (intent.status === 'requires_action' ? 'authentication_required' : 'payment_failed'),
    declineCode: error?.decline_code ?? null,
    message: error?.message ?? `The payment did not complete (${intent.status}).`,
  };
}

/**
 * An intent as retrieved: succeeded (naming its method when it was saved for renewals, as the webhook does),
 * declined (its last payment error, or cancelled), or still open for the customer's card.
 */
export function retrievedOutcome(intent: Stripe.PaymentIntent): RetrievedPayment {
  if (intent.status === 'succeeded') {
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    return {
      status: 'succeeded',
      providerPaymentId: intent.id,
      paymentMethodId: intent.setup_future_usage ? paymentMethodIdOf(intent) : null,
      card: cardOf(method),
    };
  }
  if (intent.status === 'canceled' || intent.last_payment_error) return failureOfIntent(intent);
  return { status: 'pending', providerPaymentId: intent.id };
}

/**
 * A declined off-session charge: Stripe answers 402 with a card error that carries the intent it created. Without
 * that intent there is no payment to record, so the error stays an error.
 */
export function outcomeOfCardError(error: Stripe.errors.StripeCardError): PaymentOutcome {
  const intentId = error.payment_intent?.id;
  if (!intentId) throw error;
  return {
    status: 'failed',
    providerPaymentId: intentId,
    code: error.code ?? 'card_declined',
    declineCode: error.decline_code ?? null,
    message: error.message,
  };
}

/**
 * A customer-present charge of a saved card: paid, declined, or waiting for the 3-D Secure step its bank asked
 * for, which the page completes with the intent's client secret.
 */
export function presentChargeOutcome(
  intent: Stripe.PaymentIntent,
  paymentMethodId: string,
): PresentChargeOutcome {
  if (intent.status === 'requires_action' && intent.client_secret) {
    return { status: 'requires_action', providerPaymentId: intent.id, clientSecret: intent.client_secret };
  }
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  return outcomeOfIntent(intent, { paymentMethodId, card: cardOf(method) });
}
