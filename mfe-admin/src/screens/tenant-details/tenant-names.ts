import type { Tenant, User } from '@app/contracts';
import { userDisplayName } from '../../components/user-names.js';

/** SPEC.md §2 "Tenant details": the header's fallback when a tenant has no name. */
export function tenantHeading(tenant: Pick<Tenant, 'name'>): string {
  return tenant.name.trim() === '' ? 'Unknown Tenant' : tenant.name;
}

/**
 * The Owner card: full name or email once the owner is read. Without an owner there is nothing to read; when the
 * read fails, the owner as tenancy last heard of them stands in.
 */
export function ownerLabel(
  tenant: Pick<Tenant, 'ownerId' | 'owner'>,
  read: { data: User | undefined; isError: boolean },
): string {
  if (tenant.ownerId === null) return 'No owner';
  if (read.data) return userDisplayName(read.data);
  if (read.isError) return tenant.owner?.name || tenant.owner?.email || 'Unknown owner';
  return 'Loading...';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function formatCreatedDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
