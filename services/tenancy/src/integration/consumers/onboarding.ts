import { v5 as uuidv5 } from 'uuid';
import { identityUserRegisteredV1, type IntegrationEnvelope, type RegistrationChannel } from '@app/contracts';
import { IllegalStateError } from '@app/domain';
import type { CommandOptions, Position } from '@app/eventing';

/** Fixed forever: onboarding tenant ids are derived from user ids under it, so a redelivery names the same one. */
export const onboardingTenantNamespace = '6f1d3c2e-8b4a-5e7f-9a10-2c3d4e5f6a7b';

/**
 * Customers who signed themselves up, with a password or through single sign-on, get a tenant; accounts an
 * admin or the seed made are set up by hand (or get one at their first checkout).
 */
export const onboardingChannels: readonly RegistrationChannel[] = ['sign-up', 'oidc'];

/** The tenant use case onboarding calls (tenant-commands' createTenant fits), answering where it appended. */
export type CreateTenantForOnboarding = (
  tenant: { name: string; ownerId: string },
  options: CommandOptions,
  tenantId: string,
) => Promise<{ position: Position | null }>;

export function onboardingTenantId(userId: string): string {
  return uuidv5(userId, onboardingTenantNamespace);
}

const maxNameLength = 120;
const suffix = "'s organisation";

/** "Ada Lovelace's organisation", else from the email's local part ("ada.l's organisation"). */
export function onboardingTenantName(user: {
  email: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const person = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  const base = person !== '' ? person : (user.email.split('@')[0]?.trim() ?? '') || 'Customer';
  return `${base.slice(0, maxNameLength - suffix.length)}${suffix}`;
}

/**
 * identity.user.registered.v1 of a tenant-role sign-up → that customer's tenant, owned by them. The id comes
 * from the user id, so a redelivered message (or a second instance) finds the tenant there and stops.
 */
export async function onboardCustomer(
  envelope: IntegrationEnvelope,
  createTenant: CreateTenantForOnboarding,
): Promise<void> {
  const parsed = identityUserRegisteredV1.safeParse(envelope);
  if (!parsed.success) return;
  const user = parsed.data.data;
  if (user.role !== 'tenant' || !onboardingChannels.includes(user.registeredVia)) return;
  const options: CommandOptions = {
    metadata: {
      correlationId: envelope.correlationId ?? envelope.id,
      causationId: envelope.id,
      actorId: user.userId,
    },
  };
  try {
    await createTenant(
      { name: onboardingTenantName(user), ownerId: user.userId },
      options,
      onboardingTenantId(user.userId),
    );
  } catch (error) {
    // "A tenant with this id already exists": an earlier delivery created it.
    if (error instanceof IllegalStateError) return;
    throw error;
  }
}
