import { describe, expect, it } from 'vitest';
import { portalCounts } from '../../src/screens/admin-portal/counters.js';
import { absoluteSetupUrl } from '../../src/screens/admin-portal/setup-link.js';
import { roleBadgeVariant } from '../../src/components/role-badge.js';
import { userDisplayName } from '../../src/components/user-names.js';
import { aProductSummary, aTenantSummary } from '../support/fixtures.js';

describe('Admin Portal figures', () => {
  it('leaves a counter unknown until its summary has loaded', () => {
    const products = aProductSummary({ totalProducts: 0, activeProducts: 0 });
    expect(portalCounts({ users: { totalUsers: 1, adminUsers: 1 }, tenants: undefined, products })).toEqual({
      totalUsers: 1,
      adminUsers: 1,
      totalTenants: undefined,
      activeTenants: undefined,
      totalProducts: 0,
      activeProducts: 0,
    });
    const tenants = aTenantSummary({ totalTenants: 7, activeTenants: 5 });
    expect(portalCounts({ users: undefined, tenants, products: aProductSummary() })).toMatchObject({
      totalUsers: undefined,
      totalTenants: 7,
      activeTenants: 5,
      activeProducts: 1,
    });
  });

  it('makes a relative setup link absolute on the given origin, and keeps an absolute one', () => {
    expect(absoluteSetupUrl('/api/login/setup?token=t', 'https://app.example.com')).toBe(
      'https://app.example.com/api/login/setup?token=t',
    );
    expect(absoluteSetupUrl('https://id.example.com/setup?token=t', 'https://app.example.com')).toBe(
      'https://id.example.com/setup?token=t',
    );
  });

  it('names a user by full name, by the part they have, or else by email', () => {
    expect(userDisplayName({ email: 'a@x.com', firstName: 'Ada', lastName: 'Lee' })).toBe('Ada Lee');
    expect(userDisplayName({ email: 'a@x.com', firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(userDisplayName({ email: 'a@x.com', firstName: ' ', lastName: null })).toBe('a@x.com');
  });

  it('styles admin as destructive, tenant as default and anything else as secondary', () => {
    expect(roleBadgeVariant('admin')).toBe('destructive');
    expect(roleBadgeVariant('tenant')).toBe('default');
    expect(roleBadgeVariant('user')).toBe('secondary');
  });
});
