import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { UserEvent } from '../../src/domain/user/events.js';
import {
  accountDeactivated,
  lastAdminKeepsRole,
  lastAdminStaysActive,
  userDecider,
} from '../../src/domain/user/decide.js';

const spec = specification(userDecider);
const userId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const profile = { email: 'casey@example.test', firstName: 'Casey', lastName: 'Customer' };

const registered = (role: 'admin' | 'tenant' = 'tenant'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, ...profile, role, registeredVia: 'admin', registeredAt: now },
});
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId, deactivatedAt: later } };

describe('registering', () => {
  it('registers an account with its profile, role and channel', () => {
    const result = spec.given([]).when({
      type: 'RegisterUser',
      data: { userId, ...profile, role: 'tenant', registeredVia: 'admin' },
      metadata: { now },
    });
    expect(result.events).toEqual([registered()]);
  });

  it('refuses to register the same id twice', () => {
    const result = spec.given([registered()]).when({
      type: 'RegisterUser',
      data: { userId, ...profile, role: 'tenant', registeredVia: 'seed' },
      metadata: { now },
    });
    expect(result.error).toBeInstanceOf(IllegalStateError);
  });
});

describe('profile changes', () => {
  it('records a partial change as the whole profile after it', () => {
    const result = spec.given([registered()]).when({
      type: 'ChangeProfile',
      data: { userId, changes: { lastName: 'Lee' } },
      metadata: { now: later },
    });
    expect(result.events).toEqual([
      {
        type: 'UserProfileChanged',
        data: { userId, ...profile, lastName: 'Lee', profileImageUrl: null, changedAt: later },
      },
    ]);
  });

  it('decides nothing for a change that changes nothing', () => {
    const result = spec.given([registered()]).when({
      type: 'ChangeProfile',
      data: { userId, changes: { ...profile, firstName: 'Casey', lastName: undefined } },
      metadata: { now: later },
    });
    expect(result.events).toEqual([]);
  });

  it('treats a missing account as not found and a deactivated one as closed', () => {
    const change = { type: 'ChangeProfile' as const, data: { userId, changes: { firstName: 'X' } } };
    const missing = spec.given([]).when({ ...change, metadata: { now } });
    expect(missing.error).toBeInstanceOf(NotFoundError);
    const closed = spec.given([registered(), deactivated]).when({ ...change, metadata: { now } });
    expect(closed.error).toBeInstanceOf(IllegalStateError);
    expect((closed.error as Error).message).toBe(accountDeactivated);
  });
});

describe('notification preferences', () => {
  const allOff = { email: false, push: false, securityAlerts: false };
  const setPreferences = (preferences: typeof allOff) => ({
    type: 'ChangeNotificationPreferences' as const,
    data: { userId, preferences },
    metadata: { now: later },
  });
  const preferencesChanged = (preferences: typeof allOff): UserEvent => ({
    type: 'UserNotificationPreferencesChanged',
    data: { userId, preferences, changedAt: later },
  });

  it('records the switches after a change', () => {
    const result = spec.given([registered()]).when(setPreferences(allOff));
    expect(result.events).toEqual([preferencesChanged(allOff)]);
  });

  it('decides nothing when the switches equal the defaults of a new account', () => {
    const defaults = { email: true, push: false, securityAlerts: true };
    expect(spec.given([registered()]).when(setPreferences(defaults)).events).toEqual([]);
  });

  it('decides nothing when the switches equal the last recorded ones', () => {
    const result = spec.given([registered(), preferencesChanged(allOff)]).when(setPreferences(allOff));
    expect(result.events).toEqual([]);
  });

  it('needs an active account', () => {
    expect(spec.given([]).when(setPreferences(allOff)).error).toBeInstanceOf(NotFoundError);
    const closed = spec.given([registered(), deactivated]).when(setPreferences(allOff));
    expect(closed.error).toBeInstanceOf(IllegalStateError);
  });
});

describe('roles', () => {
  const changeRole = (role: 'admin' | 'tenant', otherActiveAdminExists: boolean) => ({
    type: 'ChangeRole' as const,
    data: { userId, role, otherActiveAdminExists },
    metadata: { now: later },
  });

  it('promotes and demotes, deciding nothing when the role is already held', () => {
    expect(spec.given([registered()]).when(changeRole('admin', false)).events).toEqual([
      { type: 'UserRoleChanged', data: { userId, role: 'admin', changedAt: later } },
    ]);
    expect(spec.given([registered('admin')]).when(changeRole('tenant', true)).events).toEqual([
      { type: 'UserRoleChanged', data: { userId, role: 'tenant', changedAt: later } },
    ]);
    expect(spec.given([registered('admin')]).when(changeRole('admin', false)).events).toEqual([]);
  });

  it('keeps the admin role on the last active administrator', () => {
    const result = spec.given([registered('admin')]).when(changeRole('tenant', false));
    expect(result.error).toBeInstanceOf(IllegalStateError);
    expect((result.error as Error).message).toBe(lastAdminKeepsRole);
  });

  it("decides an admin's edit of profile and role together, or refuses all of it", () => {
    const edit = (otherActiveAdminExists: boolean) => ({
      type: 'EditUser' as const,
      data: { userId, changes: { firstName: 'Avery' }, role: 'tenant' as const, otherActiveAdminExists },
      metadata: { now: later },
    });
    expect(
      spec
        .given([registered('admin')])
        .when(edit(true))
        .events?.map((e) => e.type),
    ).toEqual(['UserProfileChanged', 'UserRoleChanged']);
    const refused = spec.given([registered('admin')]).when(edit(false));
    expect((refused.error as Error).message).toBe(lastAdminKeepsRole);
  });
});

describe('passwords and deactivation', () => {
  it('records that a password was set, and nothing about the password', () => {
    const result = spec
      .given([registered()])
      .when({ type: 'RecordPasswordSet', data: { userId }, metadata: { now: later } });
    expect(result.events).toEqual([{ type: 'UserPasswordSet', data: { userId, setAt: later } }]);
  });

  it('deactivates once; deactivating again decides nothing', () => {
    const deactivate = (otherActiveAdminExists: boolean) => ({
      type: 'DeactivateUser' as const,
      data: { userId, otherActiveAdminExists },
      metadata: { now: later },
    });
    expect(spec.given([registered()]).when(deactivate(false)).events).toEqual([deactivated]);
    expect(spec.given([registered(), deactivated]).when(deactivate(false)).events).toEqual([]);
    expect(spec.given([]).when(deactivate(true)).error).toBeInstanceOf(NotFoundError);
  });

  it('keeps the last active administrator active', () => {
    const result = spec.given([registered('admin')]).when({
      type: 'DeactivateUser',
      data: { userId, otherActiveAdminExists: false },
      metadata: { now: later },
    });
    expect((result.error as Error).message).toBe(lastAdminStaysActive);
  });

  it('refuses a password for a deactivated account', () => {
    const result = spec
      .given([registered(), deactivated])
      .when({ type: 'RecordPasswordSet', data: { userId }, metadata: { now: later } });
    expect(result.error).toBeInstanceOf(IllegalStateError);
  });
});
