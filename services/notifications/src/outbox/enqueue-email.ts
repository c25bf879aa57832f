import type pg from 'pg';
import {
  messagePayloadSchemas,
  wantsMessage,
  type MessageKind,
  type MessagePayload,
} from '../domain/messages.js';
import { MessageNotReadyYet } from '@app/eventing';
import { storedTraceContext } from '../observability/stored-trace-context.js';

export interface Recipient {
  userId: string;
  email: string;
  firstName: string | null;
  isActive: boolean;
  switches: { email: boolean; securityAlerts: boolean };
}

/** Identity's user as notifications' copy has it; null until its registration has been seen. */
export async function findRecipient(tx: pg.PoolClient, userId: string): Promise<Recipient | null> {
  const { rows } = await tx.query<{
    email: string;
    first_name: string | null;
    is_active: boolean;
    email_enabled: boolean;
    security_alerts_enabled: boolean;
  }>(
    `SELECT email, first_name, is_active, email_enabled, security_alerts_enabled FROM users WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId,
    email: row.email,
    firstName: row.first_name,
    isActive: row.is_active,
    switches: { email: row.email_enabled, securityAlerts: row.security_alerts_enabled },
  };
}

/** Thrown so the consumer has the event redelivered later: identity's copy of the user has not arrived yet. */
export class RecipientNotYetKnownError extends MessageNotReadyYet {
  constructor(userId: string) {
    super(`User ${userId} is not in notifications' copy of identity's users yet`);
  }
}

export type EnqueueOutcome = 'queued' | 'already-queued' | 'declined-by-preferences' | 'inactive-recipient';

/**
 * One message to one user for one event, in the consumer's transaction (README "Sends"): the row is the send's
 * idempotency key (event, recipient, message), so a redelivered event queues nothing twice. A deactivated user
 * gets nothing; a switch that is off declines what it governs. The row keeps the trace it was queued in, so its
 * send continues the event's trace.
 */
export async function enqueueEmail<Kind extends MessageKind>(
  tx: pg.PoolClient,
  request: {
    eventId: string;
    message: Kind;
    userId: string;
    /** What the template shows; may read more of the copies in the transaction (a date, a name). */
    payload: (recipient: Recipient) => MessagePayload<Kind> | Promise<MessagePayload<Kind>>;
    now: Date;
  },
): Promise<EnqueueOutcome> {
  const recipient = await findRecipient(tx, request.userId);
  if (recipient === null) throw new RecipientNotYetKnownError(request.userId);
  if (!recipient.isActive) return 'inactive-recipient';
  if (!wantsMessage(request.message, recipient.switches)) return 'declined-by-preferences';
  const payload = messagePayloadSchemas[request.message].parse(await request.payload(recipient));
  const { rowCount } = await tx.query(
    `INSERT INTO email_sends
       (event_id, message, recipient_id, recipient_email, payload, next_attempt_at, created_at, trace_context)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
     ON CONFLICT (event_id, recipient_id, message) DO NOTHING`,
    [
      request.eventId,
      request.message,
      recipient.userId,
      recipient.email,
      JSON.stringify(payload),
      request.now,
      storedTraceContext(),
    ],
  );
  return rowCount === 1 ? 'queued' : 'already-queued';
}
