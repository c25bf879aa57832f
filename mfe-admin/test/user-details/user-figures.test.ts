import { describe, expect, it } from 'vitest';
import {
  formatMemberSince,
  ownedTenants,
  totalSubscriptions,
  userInfoFrom,
  userInfoPatch,
} from '../../src/screens/user-details/user-figures.js';
import { aTenant, aUser } from '../support/fixtures.js';

describe('user details figures', () => {
  it("keeps only the user's tenants and sums their subscription counts", () => {
    const mine = [
      aTenant({ ownerId: 'u1', subscriptionCount: 2 }),
      aTenant({ ownerId: 'u1', subscriptionCount: 4 }),
    ];
    const owned = ownedTenants([...mine, aTenant({ ownerId: 'u2', subscriptionCount: 9 }), aTenant()], 'u1');
    expect(owned).toEqual(mine);
    expect(totalSubscriptions(owned)).toBe(6);
    expect(totalSubscriptions([])).toBe(0);
  });

  it('turns missing names into empty fields and sends all four fields', () => {
    const user = aUser({ firstName: null, lastName: 'Lee', email: 'a@x.com', role: 'admin' });
    expect(userInfoPatch(userInfoFrom(user))).toEqual({
      email: 'a@x.com',
      firstName: '',
      lastName: 'Lee',
      role: 'admin',
    });
  });

  it('formats Member Since as a long date', () => {
    expect(formatMemberSince('2026-01-15T10:00:00.000Z')).toBe('January 15, 2026');
  });
});
