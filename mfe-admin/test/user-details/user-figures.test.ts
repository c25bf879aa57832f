import { describe, expect, it } from 'vitest';
import {
  formatMemberSince,
  userInfoFrom,
  userInfoPatch,
} from '../../src/screens/user-details/user-figures.js';
import { aUser } from '../support/fixtures.js';

describe('user details figures', () => {
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
