import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '@app/domain';

/**
 * What the payment adapters refuse, as typed errors. Each extends the domain error of its HTTP meaning, so
 * service-kit's error mapping turns it into the right problem reply without a route knowing the provider; `code`
 * is Stripe's error code for the same refusal. A card decline is never one of these: it is a PaymentOutcome.
 */

/** A client secret the Sandbox did not issue for that intent, or not of the `pi_…_secret_…` form (400). */
export class InvalidClientSecretError extends ValidationError {
  readonly code = 'payment_intent_invalid_parameter';
  constructor(message: string) {
    super(message, [{ path: 'clientSecret', message }]);
  }
}

/** A customer, payment intent or payment method the provider does not know (404). */
export class ProviderResourceMissingError extends NotFoundError {
  readonly code = 'resource_missing';
  constructor(
    readonly resource: 'customer' | 'payment_intent' | 'payment_method' | 'setup_intent',
    id: string,
  ) {
    super(`No such ${resource === 'payment_method' ? 'PaymentMethod' : resource}: '${id}'`);
  }
}

/** Confirming an intent that already succeeded (409), in Stripe's words. */
export class PaymentIntentUnexpectedStateError extends IllegalStateError {
  readonly code = 'payment_intent_unexpected_state';
}

/** An idempotency key sent again with different parameters (409): a bug in the caller, never retried. */
export class IdempotencyKeyReuseError extends ConflictError {
  readonly code = 'idempotency_error';
  constructor() {
    super(
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    );
  }
}

/** An amount Stripe would refuse (400): below its USD minimum of $0.50, above its maximum, or not whole cents. */
export class InvalidAmountError extends ValidationError {
  constructor(
    readonly code: 'amount_too_small' | 'amount_too_large' | 'parameter_invalid_integer',
    message: string,
  ) {
    super(message, [{ path: 'amount', message }]);
  }
}

/**
 * A webhook whose Stripe-Signature header is missing, forged, signed with another secret or older than the
 * library's tolerance (400). The detail stays generic: why a signature failed is for the log, not the sender.
 */
export class WebhookSignatureError extends ValidationError {
  readonly code = 'signature_verification_failed';
  constructor(readonly reason: string) {
    super('The Stripe-Signature header does not verify this payload.');
  }
}
