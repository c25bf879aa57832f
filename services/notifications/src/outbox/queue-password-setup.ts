import type pg from 'pg';
import type { PasswordSetupMailBody } from '@app/contracts';
import { inTransaction } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import { messagePayloadSchemas } from '../domain/messages.js';
import { storedTraceContext } from '../observability/stored-trace-context.js';
import { sealPayload, wipedPayload } from './sealed-payloads.js';

const message = 'password-setup';

/**
 * Queues the mail of one password-setup link identity handed over (README "The password-setup link"), keyed by
 * identity's link id like any send by its event: a retried hand-off queues nothing twice. The link rests sealed.
 * Identity's newest link is the only one that works, so the recipient's earlier links still waiting to go out are
 * cancelled in the same transaction rather than mailed dead. No switch declines it: it is the way into the account.
 */
export async function queuePasswordSetupMail(
  pool: pg.Pool,
  link: PasswordSetupMailBody,
  options: { keyRing: KeyRing; publicUrl: string; now: Date },
): Promise<{ queued: boolean }> {
  const payload = messagePayloadSchemas[message].parse({
    firstName: link.firstName,
    email: link.email,
    // Identity gives a path when it does not know the app's address (npm start): it is the app's, as here.
    setupUrl: new URL(link.secretLink, options.publicUrl).toString(),
    expiresAt: link.expiresAt,
  });
  return inTransaction(pool, async (tx) => {
    await tx.query(
      `UPDATE email_sends SET status = 'cancelled', last_error = 'A newer password-setup link replaced this one',
         payload = $4
       WHERE recipient_id = $1 AND message = $2 AND status = 'pending' AND event_id <> $3`,
      [link.userId, message, link.linkId, JSON.stringify(wipedPayload)],
    );
    const { rowCount } = await tx.query(
      `INSERT INTO email_sends
         (event_id, message, recipient_id, recipient_email, payload, next_attempt_at, created_at, trace_context)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
       ON CONFLICT (event_id, recipient_id, message) DO NOTHING`,
      [
        link.linkId,
        message,
        link.userId,
        link.email,
        JSON.stringify(sealPayload(options.keyRing, link.linkId, message, payload)),
        options.now,
        storedTraceContext(),
      ],
    );
    return { queued: rowCount === 1 };
  });
}
