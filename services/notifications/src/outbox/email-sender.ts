import type pg from 'pg';
import { sleep } from '@app/retry';
import type { EventingLogger } from '@app/eventing';
import { withExtractedContext, type TraceCarrier } from '@app/service-kit';
import type { KeyRing } from '@app/secrets';
import { messageKinds, sendableUntil, type MessageKind } from '../domain/messages.js';
import { nextAttemptAt } from '../domain/retry-schedule.js';
import { renderMessage } from '../emails/render-message.js';
import type { EmailSendsCounter } from './email-metrics.js';
import type { Mailer } from './mailer.js';
import { openPayload, sealedMessages, wipedPayload } from './sealed-payloads.js';

export interface SendPolicy {
  maxAttempts: number;
  baseMs: number;
  /** How long a claimed send is held before another replica may take it (a crash mid-send). */
  leaseMs: number;
  batchSize: number;
}

interface ClaimedSend {
  send_id: string;
  event_id: string;
  message: string;
  recipient_email: string;
  payload: unknown;
  attempts: number;
  trace_context: TraceCarrier | null;
}

export interface EmailSender {
  /** Sends every message due now, one batch at a time; resolves with how many were tried. */
  sendDue(): Promise<number>;
  /** Runs sendDue every `tickMs` until stopped. */
  start(tickMs: number): { stop(): Promise<void> };
}

/**
 * The queue of email_sends to the SMTP server (README "Sends"): claims due rows (SKIP LOCKED, so replicas share
 * the work), renders each message and sends it, then records the outcome; a failure is tried again later on the
 * retry schedule and, once the tries are used up, stays visible as failed with its last error.
 */
export function createEmailSender(deps: {
  pool: pg.Pool;
  mailer: Mailer;
  /** SECRETS_KEYS: opens the payload of a sealed message (outbox/sealed-payloads.ts). */
  keyRing: KeyRing;
  from: string;
  policy: SendPolicy;
  now: () => Date;
  logger: EventingLogger;
  sends: EmailSendsCounter;
}): EmailSender {
  const { pool, policy, logger } = deps;

  async function claim(): Promise<ClaimedSend[]> {
    const now = deps.now();
    const { rows } = await pool.query<ClaimedSend>(
      `UPDATE email_sends SET attempts = attempts + 1, next_attempt_at = $2
       WHERE send_id IN (
         SELECT send_id FROM email_sends WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING send_id, event_id, message, recipient_email, payload, attempts, trace_context`,
      [now, new Date(now.getTime() + policy.leaseMs), policy.batchSize],
    );
    return rows;
  }

  /** A sealed message's payload goes once the send is settled: the row keeps only that it was sent. */
  const settledPayload = (message: MessageKind) =>
    sealedMessages.has(message) ? JSON.stringify(wipedPayload) : null;

  async function cancel(send: ClaimedSend, message: MessageKind, reason: string): Promise<void> {
    await pool.query(
      `UPDATE email_sends SET status = 'cancelled', last_error = $2, payload = COALESCE($3::jsonb, payload)
       WHERE send_id = $1`,
      [send.send_id, reason, settledPayload(message)],
    );
    logger.info({ sendId: send.send_id, message, reason }, 'Email cancelled');
  }

  async function deliver(send: ClaimedSend): Promise<void> {
    const message = send.message as MessageKind;
    try {
      if (!messageKinds.includes(message)) throw new Error(`No template for message ${send.message}`);
      const payload = sealedMessages.has(message)
        ? openPayload(deps.keyRing, send.event_id, message, send.payload)
        : send.payload;
      const until = sendableUntil(message, payload);
      if (until !== null && until <= deps.now()) {
        return await cancel(send, message, 'The link expired before it could be mailed');
      }
      const email = await renderMessage(message, payload);
      const { accepted } = await deps.mailer.send({
        ...email,
        from: deps.from,
        to: send.recipient_email,
        messageId: `<${send.send_id}@notifications>`,
      });
      await pool.query(
        `UPDATE email_sends SET status = 'sent', sent_at = $2, provider_message_id = $3, last_error = NULL,
           payload = COALESCE($4::jsonb, payload)
         WHERE send_id = $1`,
        [send.send_id, deps.now(), accepted.slice(0, 500), settledPayload(message)],
      );
      deps.sends.inc({ message, outcome: 'sent' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = nextAttemptAt(send.attempts, policy, deps.now());
      await pool.query(
        `UPDATE email_sends SET status = $2, next_attempt_at = COALESCE($3, next_attempt_at), last_error = $4,
           payload = COALESCE($5::jsonb, payload)
         WHERE send_id = $1`,
        [
          send.send_id,
          next === null ? 'failed' : 'pending',
          next,
          reason.slice(0, 1_000),
          next === null ? settledPayload(message) : null,
        ],
      );
      deps.sends.inc({ message, outcome: next === null ? 'failed' : 'retried' });
      logger.warn(
        {
          sendId: send.send_id,
          message,
          attempts: send.attempts,
          nextAttemptAt: next?.toISOString(),
          reason,
        },
        next === null ? 'Email failed on its last try' : 'Email failed; will try again',
      );
    }
  }

  /**
   * One try as a span of the trace that queued the send (the consumer's, continued from the business event's
   * NATS message), so the event and its mail are one trace; a new trace when none was carried.
   */
  function traced(send: ClaimedSend): Promise<void> {
    return withExtractedContext(
      send.trace_context ?? undefined,
      `send email ${send.message}`,
      () => deliver(send),
      {
        'email.send.id': send.send_id,
        'email.attempt': send.attempts,
      },
    );
  }

  async function sendDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claim();
      for (const send of batch) await traced(send);
      tried += batch.length;
      if (batch.length < policy.batchSize) return tried;
    }
  }

  return {
    sendDue,
    start(tickMs) {
      const stopping = new AbortController();
      const loop = (async () => {
        while (!stopping.signal.aborted) {
          await sendDue().catch((error: unknown) => logger.error({ err: error }, 'Email sender pass failed'));
          await sleep(tickMs, stopping.signal);
        }
      })();
      return {
        async stop() {
          stopping.abort();
          await loop;
        },
      };
    },
  };
}
