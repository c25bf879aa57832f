import type Stripe from 'stripe';
import { z } from 'zod';
import type { RetrievedSetup, SetupMetadata, SetupOutcome } from '../payment-provider.js';
import { cardOf } from './stripe-outcomes.js';

/**
 * Translations between billing's card setups and Stripe's SetupIntents: metadata both ways, and a SetupIntent as a
 * setup outcome. No I/O.
 */
const setupMetadataSchema = z.object({ setupId: z.string().min(1), userId: z.string().min(1) });

export function toSetupMetadata(metadata: SetupMetadata): Record<string, string> {
  return { setupId: metadata.setupId, userId: metadata.userId };
}

/** Billing's metadata on a SetupIntent, or null for one billing did not create (another integration's). */
export function fromSetupMetadata(metadata: Stripe.Metadata | null | undefined): SetupMetadata | null {
  const parsed = setupMetadataSchema.safeParse(metadata ?? {});
  return parsed.success ? parsed.data : null;
}

/** Why a setup did not succeed, from its last setup error (Stripe's code, decline code and message). */
export function failureOfSetup(setup: Stripe.SetupIntent): Extract<SetupOutcome, { status: 'failed' }> {
  const error = setup.last_setup_error;
  return {
    status: 'failed',
    providerSetupId: setup.id,
    code: error?.code ?? (setup.status === 'canceled' ? 'setup_intent_canceled' : 'setup_failed'),
    declineCode: error?.decline_code ?? null,
    message: error?.message ?? `The card was not saved (${setup.status}).`,
  };
}

/**
 * A SetupIntent whose payment method is given expanded (or fetched): succeeded with its card, declined (its last
 * setup error, or cancelled), or still waiting for the customer (a card to enter, or 3-D Secure to complete).
 */
export function retrievedSetup(
  setup: Stripe.SetupIntent,
  method: Stripe.PaymentMethod | null,
): RetrievedSetup {
  if (setup.status === 'succeeded') {
    const card = cardOf(method);
    if (method === null || card === null) throw new Error(`Stripe SetupIntent ${setup.id} saved no card`);
    return { status: 'succeeded', providerSetupId: setup.id, paymentMethodId: method.id, card };
  }
  if (setup.status === 'canceled' || setup.last_setup_error) return failureOfSetup(setup);
  return { status: 'pending', providerSetupId: setup.id };
}

/** The id of a SetupIntent's payment method, whether expanded or not. */
export function setupMethodId(setup: Stripe.SetupIntent): string | null {
  const method = setup.payment_method;
  if (method === null) return null;
  return typeof method === 'string' ? method : method.id;
}
