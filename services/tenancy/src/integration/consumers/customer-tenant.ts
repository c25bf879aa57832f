import type pg from 'pg';
import { IllegalStateError } from '@app/domain';
import type { CommandOptions, Position } from '@app/eventing';
import type { ReadYourWrites } from '@app/service-kit';
import { onboardingTenantId, onboardingTenantName, type CreateTenantForOnboarding } from './onboarding.js';
import { MessageNotReadyYet } from '@app/eventing';

export interface CustomerTenantDeps {
  createTenant: CreateTenantForOnboarding;
  projections: ReadYourWrites<Position>;
}

/** The customer's tenant as customerTenant picks it, without making one: null when they own none. */
export async function ownedTenant(
  db: pg.Pool | pg.PoolClient,
  userId: string,
  preferred: string | null,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM tenants WHERE owner_id = $1
     ORDER BY id = $2 DESC, id = $3 DESC, created_at, id LIMIT 1`,
    [userId, preferred, onboardingTenantId(userId)],
  );
  return rows[0]?.id ?? null;
}

/** Retried by redelivery: identity's registration has not reached tenancy yet. */
export class CustomerNotKnownYet extends MessageNotReadyYet {}

/**
 * The tenant a customer buys for (ARCHITECTURE.md "Tenants": the buyer's tenant). Billing's `preferred` tenant
 * counts only if the customer owns it; otherwise their onboarding tenant, else the oldest they own. A customer
 * who owns none (an account an admin made) gets their own tenant now, as a sign-up would have.
 */
export async function customerTenant(
  db: pg.Pool | pg.PoolClient,
  userId: string,
  preferred: string | null,
  options: CommandOptions,
  deps: CustomerTenantDeps,
): Promise<string> {
  const owned = await ownedTenant(db, userId, preferred);
  if (owned !== null) return owned;
  const onboardingId = onboardingTenantId(userId);

  const { rows: owners } = await db.query<{
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>('SELECT email, first_name, last_name FROM owners WHERE user_id = $1', [userId]);
  const owner = owners[0];
  if (owner === undefined) throw new CustomerNotKnownYet(`No registration seen yet for user ${userId}`);
  const name = onboardingTenantName({
    email: owner.email,
    firstName: owner.first_name,
    lastName: owner.last_name,
  });
  try {
    const { position } = await deps.createTenant({ name, ownerId: userId }, options, onboardingId);
    if (position) await deps.projections.waitFor(position, 5_000);
  } catch (error) {
    // Created by an earlier delivery whose projection had not caught up: the caller's next step waits for it.
    if (!(error instanceof IllegalStateError)) throw error;
  }
  return onboardingId;
}
