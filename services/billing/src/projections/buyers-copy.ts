import type pg from 'pg';
import { identityIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/** A buyer as identity last described them. */
export interface BuyerProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Billing's copy of identity's users (migrations/304_buyers.sql), kept from identity.user.* messages: whom an
 * invoice is billed to. A registration inserts; an update with a profile overwrites; a role-only update or a
 * deactivation leaves the row as it is (a deactivated buyer's invoices still name them).
 */
export async function applyIdentityUserMessage(
  envelope: IntegrationEnvelope,
  tx: pg.PoolClient,
): Promise<void> {
  const parsed = identityIntegrationEventSchema.safeParse(envelope);
  // Another version of an event, or one billing does not read: nothing to copy.
  if (!parsed.success) return;
  const event = parsed.data;
  const profile =
    event.type === 'identity.user.registered.v1'
      ? event.data
      : event.type === 'identity.user.updated.v1'
        ? event.data.profile
        : undefined;
  if (profile === undefined) return;
  await tx.query(
    `INSERT INTO buyers (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = $2, first_name = $3, last_name = $4`,
    [event.data.userId, profile.email, profile.firstName, profile.lastName],
  );
}

export async function findBuyer(db: pg.Pool, userId: string): Promise<BuyerProfile | null> {
  const { rows } = await db.query<{ email: string; first_name: string | null; last_name: string | null }>(
    'SELECT email, first_name, last_name FROM buyers WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { email: row.email, firstName: row.first_name, lastName: row.last_name } : null;
}
