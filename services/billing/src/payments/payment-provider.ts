/**
 * The payment provider port (ARCHITECTURE.md "Billing"): what billing needs from Stripe or the offline Sandbox.
 * Amounts are integer cents in USD. Card numbers and CVCs never cross this port from the provider's side: a
 * confirmed payment reports the card's brand and last four only.
 */
export type ProviderName = 'stripe' | 'sandbox';

/** Shown in billing's metadata at the provider, so a payment can be traced from the provider's dashboard. */
export interface PaymentMetadata {
  paymentId: string;
  productId: string;
  userId: string;
  tenantId: string | null;
}

export interface ProviderCustomerInput {
  userId: string;
  email: string;
  /** Billing's own key for this request: a retry returns the same customer. */
  idempotencyKey: string;
}

export interface PaymentIntentInput {
  amountCents: number;
  currency: 'usd';
  customerId: string;
  metadata: PaymentMetadata;
  /** Keep the card for off-session renewals. */
  savePaymentMethod: boolean;
  idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  /** The provider's id of the intent, e.g. `pi_…`. */
  providerPaymentId: string;
  /** Handed to the browser once; billing stores only the intent id. */
  clientSecret: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
  /** The card is good through the last day of this month (1-12) of `expYear` (four digits). */
  expMonth: number;
  expYear: number;
}

/** How a payment ended, as billing records it. `code` and `message` use Stripe's vocabulary and wording. */
export type PaymentOutcome =
  | {
      status: 'succeeded';
      providerPaymentId: string;
      /** The saved method for renewals, when one was saved. */
      paymentMethodId: string | null;
      card: CardSummary | null;
    }
  | {
      status: 'failed';
      providerPaymentId: string;
      code: string;
      declineCode: string | null;
      message: string;
    };

/** A payment as the provider has it now: decided, or still waiting for the customer's card. */
export type RetrievedPayment = PaymentOutcome | { status: 'pending'; providerPaymentId: string };

export interface OffSessionChargeInput {
  amountCents: number;
  currency: 'usd';
  customerId: string;
  paymentMethodId: string;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}

/** Shown in billing's metadata at the provider for a card saved without a payment (a replacement card). */
export interface SetupMetadata {
  setupId: string;
  userId: string;
}

export interface SetupIntentInput {
  customerId: string;
  metadata: SetupMetadata;
  /** Billing's own key for this request (from the setup id): a retry opens no second setup. */
  idempotencyKey: string;
}

export interface CreatedSetupIntent {
  /** The provider's id of the setup, e.g. `seti_…`. */
  providerSetupId: string;
  /** Handed to the browser once; billing stores only the setup id. */
  clientSecret: string;
}

/** How saving a card ended: the method saved for off-session charges, or the issuer's refusal in Stripe's words. */
export type SetupOutcome =
  | { status: 'succeeded'; providerSetupId: string; paymentMethodId: string; card: CardSummary }
  | { status: 'failed'; providerSetupId: string; code: string; declineCode: string | null; message: string };

/** A setup as the provider has it now: decided, or still waiting for the customer's card. */
export type RetrievedSetup = SetupOutcome | { status: 'pending'; providerSetupId: string };

/**
 * A charge of the saved card with its holder present (an upgrade): decided, or waiting for the 3-D Secure step
 * the card's bank asked of them, which the browser completes with `clientSecret` (Stripe.js `handleNextAction`).
 */
export type PresentChargeOutcome =
  PaymentOutcome | { status: 'requires_action'; providerPaymentId: string; clientSecret: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** What `GET /api/billing/config` tells the browser besides the name (Stripe's publishable key). */
  readonly publishableKey: string | null;
  createCustomer(input: ProviderCustomerInput): Promise<{ customerId: string }>;
  createPaymentIntent(input: PaymentIntentInput): Promise<CreatedPaymentIntent>;
  /** A renewal: charge the saved method without the customer present. Declines are outcomes, not errors. */
  chargeOffSession(input: OffSessionChargeInput): Promise<PaymentOutcome>;
  /** The saved method with the customer present, who can be asked for 3-D Secure. Declines are outcomes. */
  chargeSavedCard(input: OffSessionChargeInput): Promise<PresentChargeOutcome>;
  /**
   * Gives up on a payment still waiting for its customer (a 3-D Secure step abandoned), so it can no longer be
   * paid; answers how it stands after, which is its outcome when it was decided meanwhile.
   */
  cancelPayment(providerPaymentId: string): Promise<PaymentOutcome>;
  /**
   * How a payment stands at the provider, for recovering one whose outcome billing did not get to record (it
   * stopped between the provider's answer and its own record). An unknown id is ProviderResourceMissingError.
   */
  retrievePayment(providerPaymentId: string): Promise<RetrievedPayment>;
  /** Saving a card for off-session charges with nothing charged now (Stripe's SetupIntent, `usage: off_session`). */
  createSetupIntent(input: SetupIntentInput): Promise<CreatedSetupIntent>;
  /** How a setup stands at the provider; an unknown id is ProviderResourceMissingError. */
  retrieveSetupIntent(providerSetupId: string): Promise<RetrievedSetup>;
}
