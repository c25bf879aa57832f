import Stripe from 'stripe';
import type { PaymentMetadata, PaymentOutcome, SetupMetadata, SetupOutcome } from '../payment-provider.js';
import { WebhookSignatureError } from '../provider-errors.js';
import { cardOf, failureOfIntent, fromStripeMetadata, paymentMethodIdOf } from './stripe-outcomes.js';
import { failureOfSetup, fromSetupMetadata, retrievedSetup, setupMethodId } from './stripe-setups.js';

/**
 * A verified Stripe event as billing acts on it. `eventId` is what makes each event count once (a replay
 * carries the same id). Events billing does not handle, and payment or setup events of intents billing did not
 * create, are `ignored`: acknowledged so Stripe stops resending them, with nothing to do.
 */
export type StripeWebhookFact = StripePaymentFact | StripeSetupFact;

/** A card saved (or refused) by a SetupIntent billing opened to replace the card on file. */
export interface StripeSetupFact {
  eventId: string;
  eventType: string;
  kind: 'setup';
  setup: SetupMetadata;
  outcome: SetupOutcome;
}

type StripePaymentFact =
  | {
      eventId: string;
      eventType: string;
      kind: 'payment-succeeded' | 'payment-failed';
      providerPaymentId: string;
      amountCents: number;
      metadata: PaymentMetadata;
      outcome: PaymentOutcome;
    }
  | {
      eventId: string;
      eventType: string;
      kind: 'ignored';
      providerPaymentId?: undefined;
      amountCents?: undefined;
      metadata?: undefined;
      outcome?: undefined;
    };

export async function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
): Promise<StripeWebhookFact> {
  const event = verifiedEvent(stripe, webhookSecret, rawBody, signatureHeader);
  const ignored = { eventId: event.id, eventType: event.type, kind: 'ignored' } as const;
  if (event.type === 'setup_intent.succeeded' || event.type === 'setup_intent.setup_failed') {
    return (await setupFact(stripe, event.id, event.type, event.data.object)) ?? ignored;
  }
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
    return ignored;

  const intent = event.data.object;
  const metadata = fromStripeMetadata(intent.metadata);
  if (metadata === null) return ignored;
  const facts = {
    eventId: event.id,
    eventType: event.type,
    providerPaymentId: intent.id,
    amountCents: intent.amount,
    metadata,
  };
  if (event.type === 'payment_intent.payment_failed') {
    return { ...facts, kind: 'payment-failed', outcome: failureOfIntent(intent) };
  }
  return {
    ...facts,
    kind: 'payment-succeeded',
    outcome: {
      status: 'succeeded',
      providerPaymentId: intent.id,
      // As the Sandbox reports it: the method is named when the payment saved it for renewals.
      paymentMethodId: intent.setup_future_usage ? paymentMethodIdOf(intent) : null,
      card: await cardOfIntent(stripe, intent),
    },
  };
}

/** The library's check over the exact bytes received, with its default tolerance for the timestamp. */
function verifiedEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message);
    }
    throw error;
  }
}

/** An event's intent names its payment method by id (webhooks are never expanded): fetch brand and last four. */
async function cardOfIntent(stripe: Stripe, intent: Stripe.PaymentIntent) {
  const method = intent.payment_method;
  if (method === null) return null;
  return cardOf(typeof method === 'string' ? await stripe.paymentMethods.retrieve(method) : method);
}

/** A SetupIntent event billing made the intent for: its card (fetched, as for payments) or its refusal. */
async function setupFact(
  stripe: Stripe,
  eventId: string,
  eventType: 'setup_intent.succeeded' | 'setup_intent.setup_failed',
  setup: Stripe.SetupIntent,
): Promise<StripeSetupFact | null> {
  const metadata = fromSetupMetadata(setup.metadata);
  if (metadata === null) return null;
  const facts = { eventId, eventType, kind: 'setup' as const, setup: metadata };
  if (eventType === 'setup_intent.setup_failed') return { ...facts, outcome: failureOfSetup(setup) };
  const methodId = setupMethodId(setup);
  const method = methodId === null ? null : await stripe.paymentMethods.retrieve(methodId);
  const outcome = retrievedSetup(setup, method);
  if (outcome.status === 'pending')
    throw new Error(`Stripe reported SetupIntent ${setup.id} succeeded, yet open`);
  return { ...facts, outcome };
}
