import { z } from 'zod';
import {
  decryptSecret,
  encryptSecret,
  sealedSecretSchema,
  secretContexts,
  type KeyRing,
  type SealedSecret,
} from '@app/secrets';
import type { MessageKind } from '../domain/messages.js';

/**
 * Messages whose payload opens an account (a password-setup link): their send row keeps it sealed with
 * SECRETS_KEYS, bound to the row's event and message, and the sender wipes it once the send is settled, so the
 * link rests in notifications only sealed and only until it is mailed (README "The password-setup link").
 */
export const sealedMessages: ReadonlySet<MessageKind> = new Set<MessageKind>(['password-setup']);

/** What such a row holds: the seal while the send is pending, nothing once it is settled. */
export const sealedPayloadSchema = z.object({ sealed: sealedSecretSchema.nullable() });

const context = secretContexts.emailSendPayload;

export function sealPayload(ring: KeyRing, eventId: string, message: MessageKind, payload: unknown) {
  const sealed: SealedSecret = encryptSecret(ring, JSON.stringify(payload), context(eventId, message));
  return { sealed };
}

/** The payload as the template takes it; throws when it was wiped or does not open under this ring. */
export function openPayload(ring: KeyRing, eventId: string, message: MessageKind, stored: unknown): unknown {
  const { sealed } = sealedPayloadSchema.parse(stored);
  if (sealed === null) throw new Error('The sealed payload was already wiped');
  return JSON.parse(decryptSecret(ring, sealed, context(eventId, message))) as unknown;
}

/** The stored payload once a sealed send is settled (sent, failed, cancelled). */
export const wipedPayload = { sealed: null };
