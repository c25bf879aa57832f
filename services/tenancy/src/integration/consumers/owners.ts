import type pg from 'pg';
import { identityIntegrationEventSchema, type IntegrationEnvelope } from '@app/contracts';

/**
 * The owners table (migrations/001_tenants.sql) from identity's user messages: email and names for the tenant
 * list and details. A registration inserts; an update with a profile overwrites; a role-only update or a
 * deactivation leaves the row as it is.
 */
export async function applyIdentityUserMessage(
  envelope: IntegrationEnvelope,
  tx: pg.PoolClient,
): Promise<void> {
  const parsed = identityIntegrationEventSchema.safeParse(envelope);
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
    `INSERT INTO owners (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = $2, first_name = $3, last_name = $4`,
    [event.data.userId, profile.email, profile.firstName, profile.lastName],
  );
}
