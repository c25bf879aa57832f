import Stripe from 'stripe';
import type { OffSessionChargeInput, PaymentOutcome, PaymentProvider } from '../payment-provider.js';
import { ProviderResourceMissingError } from '../provider-errors.js';
import {
  cardOf,
  failureOfIntent,
  outcomeOfCardError,
  outcomeOfIntent,
  paymentMethodIdOf,
  presentChargeOutcome,
  retrievedOutcome,
  toStripeMetadata,
} from './stripe-outcomes.js';
import { retrievedSetup, toSetupMetadata } from './stripe-setups.js';
import { parseStripeWebhook, type StripeWebhookFact } from './stripe-webhooks.js';

export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is, when not api.stripe.com: the tests' local server. */
  apiBase?: StripeApiBase;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /**
   * Verifies a webhook's signature over the raw body (the library's default tolerance) and reads the event as a
   * fact billing acts on. Throws WebhookSignatureError for a missing, forged, foreign or stale signature. Async
   * because a succeeded intent names its payment method by id only: the card's brand and last four are fetched.
   */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<StripeWebhookFact>;
}

/**
 * The Stripe adapter (ARCHITECTURE.md "Payments and billing"): PaymentIntents in USD cents with billing's
 * metadata, a customer per buyer, off-session renewals of the saved card. Every request carries the caller's
 * idempotency key, so billing's retries never charge twice. Card declines become outcomes; anything else
 * Stripe refuses is thrown as the library's error.
 */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ?? {}),
    appInfo: { name: 'fintech-subscriptions-billing' },
  });

  /**
   * A saved card charged and confirmed in one request, off-session (a renewal) or with its holder present (an
   * upgrade), never redirecting; a decline is Stripe's 402 card error, which carries the intent it made.
   */
  async function chargeSaved<Outcome>(
    input: OffSessionChargeInput,
    holder: 'absent' | 'present',
    outcomeOf: (intent: Stripe.PaymentIntent) => Outcome,
  ): Promise<Outcome | PaymentOutcome> {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          metadata: toStripeMetadata(input.metadata),
          ...(holder === 'absent' ? { off_session: true } : {}),
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          // The card's brand and last four in the same answer, instead of a second request.
          expand: ['payment_method'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return outcomeOfCardError(error);
      throw error;
    }
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey });
      return { customerId: customer.id };
    },

    async createPaymentIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          metadata: toStripeMetadata(input.metadata),
          automatic_payment_methods: { enabled: true },
          ...(input.savePaymentMethod ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret)
        throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },

    // Nobody is present to follow a 3-D Secure step: the saved card either pays or fails.
    chargeOffSession: (input) =>
      chargeSaved(input, 'absent', (intent) => {
        const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
        const paymentMethodId = paymentMethodIdOf(intent) ?? input.paymentMethodId;
        return outcomeOfIntent(intent, { paymentMethodId, card: cardOf(method) });
      }),

    // The customer is on the page: a 3-D Secure step comes back to it (handleNextAction).
    chargeSavedCard: (input) =>
      chargeSaved(input, 'present', (intent) => presentChargeOutcome(intent, input.paymentMethodId)),

    async cancelPayment(providerPaymentId) {
      try {
        const cancelled = await stripe.paymentIntents.cancel(providerPaymentId, {
          expand: ['payment_method'],
        });
        return failureOfIntent(cancelled);
      } catch (error) {
        // It was paid (or otherwise decided) meanwhile: that is how it stands.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const intent = await stripe.paymentIntents.retrieve(providerPaymentId, {
          expand: ['payment_method'],
        });
        const outcome = retrievedOutcome(intent);
        if (outcome.status === 'pending') throw error;
        return outcome;
      }
    },

    async retrievePayment(providerPaymentId) {
      try {
        // The card's brand and last four in the same answer, as for an off-session charge.
        const intent = await stripe.paymentIntents.retrieve(providerPaymentId, {
          expand: ['payment_method'],
        });
        return retrievedOutcome(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          throw new ProviderResourceMissingError('payment_intent', providerPaymentId);
        }
        throw error;
      }
    },

    async createSetupIntent(input) {
      const setup = await stripe.setupIntents.create(
        {
          customer: input.customerId,
          // Saved to be charged later without the customer: Stripe asks for 3-D Secure now if the bank wants it.
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
          metadata: toSetupMetadata(input.metadata),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!setup.client_secret)
        throw new Error(`Stripe returned SetupIntent ${setup.id} without a client secret`);
      return { providerSetupId: setup.id, clientSecret: setup.client_secret };
    },

    async retrieveSetupIntent(providerSetupId) {
      try {
        // The card's brand, last four and expiry in the same answer.
        const setup = await stripe.setupIntents.retrieve(providerSetupId, { expand: ['payment_method'] });
        return retrievedSetup(setup, typeof setup.payment_method === 'object' ? setup.payment_method : null);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          throw new ProviderResourceMissingError('setup_intent', providerSetupId);
        }
        throw error;
      }
    },

    parseWebhook(rawBody, signatureHeader) {
      return parseStripeWebhook(stripe, options.webhookSecret, rawBody, signatureHeader);
    },
  };
}
