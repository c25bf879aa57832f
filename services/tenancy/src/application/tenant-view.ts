import { providerGroups, type Tenant } from '@app/contracts';
import type { TenantState } from '../domain/tenant/tenant.js';

/**
 * The API view of a tenant as the command left it, for when the read model lags: counters and owner come
 * from other streams, so they are zero and unknown here. Never a password, only whether one is set.
 */
export function tenantView(state: Exclude<TenantState, { status: 'absent' }>): Tenant {
  const providers: Record<string, string | boolean | null> = {};
  for (const group of providerGroups) {
    const credentials = state.providers[group];
    providers[`${group}Url`] = credentials.url;
    providers[`${group}Username`] = credentials.username;
    providers[`${group}PasswordSet`] = credentials.password !== null;
  }
  return {
    id: state.tenantId,
    name: state.name,
    slug: state.slug,
    status: state.status,
    ownerId: state.ownerId,
    owner: null,
    domainUrl: state.domainUrl,
    createdAt: state.createdAt,
    subscriptionCount: 0,
    activeSubscriptions: 0,
    totalSpent: 0,
    ...(providers as Omit<
      Tenant,
      | 'id'
      | 'name'
      | 'slug'
      | 'status'
      | 'ownerId'
      | 'owner'
      | 'domainUrl'
      | 'createdAt'
      | 'subscriptionCount'
      | 'activeSubscriptions'
      | 'totalSpent'
    >),
  };
}
