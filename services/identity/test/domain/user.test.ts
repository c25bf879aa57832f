import { describe, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { UserEvent } from '../../src/domain/user/events.js';
import {
  accountDeactivated,
  lastAdminKeepsRole,
  lastAdminStaysActive,
  userDecider,
  userNotFound,
} from '../../src/domain/user/decide.js';

const { given } = specification(userDecider);
const userId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const profile = { email: 'casey@example.test', firstName: 'Casey', lastName: 'Customer' };
const allOff = { email: false, push: false, securityAlerts: false };

const register = (registeredVia: 'admin' | 'seed') =>
  ({
    type: 'RegisterUser',
    data: { userId, ...profile, role: 'tenant', registeredVia },
    metadata: { now },
  }) as const;
const changeProfile = (changes: Partial<typeof profile>) =>
  ({ type: 'ChangeProfile', data: { userId, changes }, metadata: { now: later } }) as const;
const setPreferences = (preferences: typeof allOff) =>
  ({
    type: 'ChangeNotificationPreferences',
    data: { userId, preferences },
    metadata: { now: later },
  }) as const;
const changeRole = (role: 'admin' | 'tenant', otherActiveAdminExists: boolean) =>
  ({ type: 'ChangeRole', data: { userId, role, otherActiveAdminExists }, metadata: { now: later } }) as const;
const editToCustomer = (otherActiveAdminExists: boolean) =>
  ({
    type: 'EditUser',
    data: { userId, changes: { firstName: 'Avery' }, role: 'tenant', otherActiveAdminExists },
    metadata: { now: later },
  }) as const;
const recordPasswordSet = {
  type: 'RecordPasswordSet',
  data: { userId, reason: 'setup-link' },
  metadata: { now: later },
} as const;
const passwordSet = (reason: 'setup-link' | 'settings', firstPassword: boolean): UserEvent => ({
  type: 'UserPasswordSet',
  data: { userId, reason, firstPassword, setAt: later },
});
const deactivate = (otherActiveAdminExists: boolean) =>
  ({ type: 'DeactivateUser', data: { userId, otherActiveAdminExists }, metadata: { now: later } }) as const;

const registered = (role: 'admin' | 'tenant' = 'tenant'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, ...profile, role, registeredVia: 'admin', registeredAt: now },
});
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId, deactivatedAt: later } };
const preferencesChanged = (preferences: typeof allOff): UserEvent => ({
  type: 'UserNotificationPreferencesChanged',
  data: { userId, preferences, changedAt: later },
});
const roleChanged = (role: 'admin' | 'tenant'): UserEvent => ({
  type: 'UserRoleChanged',
  data: { userId, role, changedAt: later },
});

describe('no account', () => {
  it('registers an account with its profile, role and channel', () => {
    given([]).when(register('admin')).then([registered()]);
  });

  it('treats a profile change as not found', () => {
    given([])
      .when(changeProfile({ firstName: 'X' }))
      .thenThrows(new NotFoundError(userNotFound));
  });

  it('treats a change of notification switches as not found', () => {
    given([]).when(setPreferences(allOff)).thenThrows(new NotFoundError(userNotFound));
  });

  it('treats a deactivation as not found', () => {
    given([]).when(deactivate(true)).thenThrows(new NotFoundError(userNotFound));
  });
});

describe('a customer account', () => {
  it('refuses to register the same id twice', () => {
    given([registered()]).when(register('seed')).thenThrows(IllegalStateError);
  });

  it('records a partial profile change as the whole profile after it', () => {
    given([registered()])
      .when(changeProfile({ lastName: 'Lee' }))
      .then([
        {
          type: 'UserProfileChanged',
          data: { userId, ...profile, lastName: 'Lee', profileImageUrl: null, changedAt: later },
        },
      ]);
  });

  it('decides nothing for a profile change that changes nothing', () => {
    given([registered()])
      .when(changeProfile({ ...profile, firstName: 'Casey', lastName: undefined }))
      .then([]);
  });

  it('records the notification switches after a change', () => {
    given([registered()])
      .when(setPreferences(allOff))
      .then([preferencesChanged(allOff)]);
  });

  it('decides nothing when the switches equal the defaults of a new account', () => {
    given([registered()])
      .when(setPreferences({ email: true, push: false, securityAlerts: true }))
      .then([]);
  });

  it('is promoted to administrator', () => {
    given([registered()])
      .when(changeRole('admin', false))
      .then([roleChanged('admin')]);
  });

  it('records that its first password was set, and why, and nothing about the password', () => {
    given([registered()])
      .when(recordPasswordSet)
      .then([passwordSet('setup-link', true)]);
  });

  it('is deactivated', () => {
    given([registered()]).when(deactivate(false)).then([deactivated]);
  });
});

describe('an account with a password', () => {
  it('records the next one as a change, whatever the reason', () => {
    given([registered(), passwordSet('setup-link', true)])
      .when({ ...recordPasswordSet, data: { userId, reason: 'settings' } })
      .then([passwordSet('settings', false)]);
  });

  it('counts a password recorded before reasons were kept', () => {
    given([registered(), { type: 'UserPasswordSet', data: { userId, setAt: now } }])
      .when(recordPasswordSet)
      .then([passwordSet('setup-link', false)]);
  });
});

describe('an account whose notification switches were changed', () => {
  it('decides nothing when the switches equal the last recorded ones', () => {
    given([registered(), preferencesChanged(allOff)])
      .when(setPreferences(allOff))
      .then([]);
  });
});

describe('an administrator account', () => {
  it('is demoted while another active administrator exists', () => {
    given([registered('admin')])
      .when(changeRole('tenant', true))
      .then([roleChanged('tenant')]);
  });

  it('decides nothing when asked for the role it already holds', () => {
    given([registered('admin')])
      .when(changeRole('admin', false))
      .then([]);
  });

  it('keeps the admin role on the last active administrator', () => {
    given([registered('admin')])
      .when(changeRole('tenant', false))
      .thenThrows(new IllegalStateError(lastAdminKeepsRole));
  });

  it("decides an admin's edit of profile and role together", () => {
    given([registered('admin')])
      .when(editToCustomer(true))
      .then([
        {
          type: 'UserProfileChanged',
          data: { userId, ...profile, firstName: 'Avery', profileImageUrl: null, changedAt: later },
        },
        roleChanged('tenant'),
      ]);
  });

  it("refuses all of an admin's edit that would take the last administrator's role", () => {
    given([registered('admin')])
      .when(editToCustomer(false))
      .thenThrows(new IllegalStateError(lastAdminKeepsRole));
  });

  it('keeps the last active administrator active', () => {
    given([registered('admin')])
      .when(deactivate(false))
      .thenThrows(new IllegalStateError(lastAdminStaysActive));
  });
});

describe('a deactivated account', () => {
  it('refuses a profile change as closed', () => {
    given([registered(), deactivated])
      .when(changeProfile({ firstName: 'X' }))
      .thenThrows(new IllegalStateError(accountDeactivated));
  });

  it('refuses a change of notification switches', () => {
    given([registered(), deactivated])
      .when(setPreferences(allOff))
      .thenThrows(new IllegalStateError(accountDeactivated));
  });

  it('decides nothing when deactivated again', () => {
    given([registered(), deactivated]).when(deactivate(false)).then([]);
  });

  it('refuses a password', () => {
    given([registered(), deactivated])
      .when(recordPasswordSet)
      .thenThrows(new IllegalStateError(accountDeactivated));
  });
});
