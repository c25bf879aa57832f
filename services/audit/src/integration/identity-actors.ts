import type pg from 'pg';
import { identityIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * Identity's users into the audit service's actors (migrations/001), to name who did what: the name and email as
 * they are now, and the role. Run in the transaction that records the message id, so a redelivery is a no-op; a
 * type or version the audit service does not know, or needs nothing from, is skipped.
 */
export async function applyIdentityMessage(envelope: IntegrationEnvelope, tx: pg.PoolClient): Promise<void> {
  const parsed = identityIntegrationEventSchema.safeParse(envelope);
  if (!parsed.success) return;
  const event = parsed.data;
  switch (event.type) {
    case 'identity.user.registered.v1': {
      const { userId, email, firstName, lastName, role, registeredAt } = event.data;
      await tx.query(
        `INSERT INTO actors (user_id, email, first_name, last_name, role, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET email = $2, first_name = $3, last_name = $4, role = $5, updated_at = $6`,
        [userId, email, firstName, lastName, role, registeredAt],
      );
      return;
    }
    case 'identity.user.updated.v1': {
      const { userId, profile, role, changedAt } = event.data;
      if (profile !== undefined) {
        await tx.query(
          `UPDATE actors SET email = $2, first_name = $3, last_name = $4, updated_at = $5 WHERE user_id = $1`,
          [userId, profile.email, profile.firstName, profile.lastName, changedAt],
        );
      }
      if (role !== undefined) {
        await tx.query(`UPDATE actors SET role = $2, updated_at = $3 WHERE user_id = $1`, [
          userId,
          role,
          changedAt,
        ]);
      }
      return;
    }
    default:
      return;
  }
}
