import { describe, expect, it } from 'vitest';
import { avatarLetter, fullName, navLinks } from '../src/layout/nav-links.js';

describe('avatarLetter (SPEC.md §2: first name, else email, else U)', () => {
  it('takes the first letter of the first name, upper-cased', () => {
    expect(avatarLetter({ firstName: 'casey', email: 'zed@demo.local' })).toBe('C');
  });

  it('falls back to the email when the first name is missing or blank', () => {
    expect(avatarLetter({ firstName: null, email: 'zed@demo.local' })).toBe('Z');
    expect(avatarLetter({ firstName: '   ', email: 'zed@demo.local' })).toBe('Z');
  });

  it('falls back to U when there is neither', () => {
    expect(avatarLetter({ firstName: null, email: '' })).toBe('U');
  });
});

describe('fullName', () => {
  it('joins the parts there are', () => {
    expect(fullName({ firstName: 'Casey', lastName: 'Customer' })).toBe('Casey Customer');
    expect(fullName({ firstName: 'Casey', lastName: null })).toBe('Casey');
    expect(fullName({ firstName: null, lastName: ' ' })).toBe('');
  });
});

describe('navLinks (SPEC.md §2 "Navigation bar")', () => {
  it('gives a tenant the Tenant Dashboard before the general links', () => {
    expect(navLinks('tenant')).toEqual([
      { label: 'Tenant Dashboard', to: '/dashboard' },
      { label: 'Products', to: '/catalog' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'Billing', to: '/billing' },
    ]);
  });

  it('gives an admin the Admin Dashboard, Admin Portal and Activity before the general links', () => {
    expect(navLinks('admin')).toEqual([
      { label: 'Admin Dashboard', to: '/admin' },
      { label: 'Admin Portal', to: '/admin-portal' },
      { label: 'Activity', to: '/admin-activity' },
      { label: 'Products', to: '/catalog' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'Billing', to: '/billing' },
    ]);
  });
});
