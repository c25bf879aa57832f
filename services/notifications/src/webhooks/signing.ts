import { Webhook } from 'standardwebhooks';

/** One message as the Standard Webhooks specification signs it. */
export interface WebhookMessage {
  /** `webhook-id`: the integration event's id, the same on every attempt, so a receiver can drop a repeat. */
  id: string;
  /** `webhook-timestamp`: when this attempt is made; receivers refuse one more than 5 minutes off. */
  timestamp: Date;
  /** The exact bytes sent: the signature covers them, so nothing may re-serialise the payload after. */
  payload: string;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers. During a rotation the message carries a signature per secret, separated
 * by a space as the specification allows, so a receiver that still has the previous secret verifies it too.
 */
export function signMessage(message: WebhookMessage, secrets: readonly string[]): SignedHeaders {
  if (secrets.length === 0) throw new Error('A webhook message needs at least one secret to be signed with');
  const signatures = secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.timestamp, message.payload),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
