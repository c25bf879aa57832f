import type pg from 'pg';
import { identityIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';
import { enqueueEmail } from '../outbox/enqueue-email.js';

/**
 * Identity's events that call for mail (README "Messages"), queued in the transaction that records the message,
 * after the copy of users took the same event. A first password (a new account's setup link, a sign-up, the
 * demo seed) sends no notice: the person choosing it is the one the account is for; every later one does.
 */
export function identityMessageHandler(now: () => Date) {
  return async (envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> => {
    const parsed = identityIntegrationEventSchema.safeParse(envelope);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type === 'identity.user.password-set.v1' && !event.data.firstPassword) {
      const { userId, reason, setAt } = event.data;
      await enqueueEmail(tx, {
        eventId: event.id,
        message: 'password-changed',
        userId,
        now: now(),
        payload: (recipient) => ({ firstName: recipient.firstName, reason, changedAt: setAt }),
      });
    }
  };
}
