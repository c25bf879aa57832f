import type pg from 'pg';
import { identityIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * Identity's users into notifications' copy (migrations/001): the address, the name a message greets, whether
 * the account is active, and the Settings switches. Run in the transaction that records the message id, so a
 * redelivery is a no-op; a type or version notifications does not know is skipped.
 */
export async function applyIdentityMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = identityIntegrationEventSchema.safeParse(envelope);
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'identity.user.registered.v1': {
      const { userId, email, firstName, lastName, registeredAt } = event.data;
      await tx.query(
        `INSERT INTO users (user_id, email, first_name, last_name, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET email = $2, first_name = $3, last_name = $4, updated_at = $5`,
        [userId, email, firstName, lastName, registeredAt],
      );
      return;
    }
    case 'identity.user.updated.v1': {
      const { userId, profile, changedAt } = event.data;
      if (profile === undefined) return;
      await tx.query(
        `UPDATE users SET email = $2, first_name = $3, last_name = $4, updated_at = $5 WHERE user_id = $1`,
        [userId, profile.email, profile.firstName, profile.lastName, changedAt],
      );
      return;
    }
    case 'identity.user.deactivated.v1': {
      const { userId, deactivatedAt } = event.data;
      await tx.query(`UPDATE users SET is_active = false, updated_at = $2 WHERE user_id = $1`, [
        userId,
        deactivatedAt,
      ]);
      return;
    }
    case 'identity.user.notification-preferences-changed.v1': {
      const { userId, preferences, changedAt } = event.data;
      await tx.query(
        `UPDATE users SET email_enabled = $2, security_alerts_enabled = $3, updated_at = $4 WHERE user_id = $1`,
        [userId, preferences.email, preferences.securityAlerts, changedAt],
      );
      return;
    }
    case 'identity.user.password-set.v1':
      // Nothing to copy: the mail it calls for is identity-messages.ts's.
      return;
    default: {
      const exhausted: never = event;
      return exhausted;
    }
  }
}
