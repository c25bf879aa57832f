import { describe, expect, it } from 'vitest';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { defaultNotificationPreferences } from '@app/contracts';
import { users } from '../../src/application/users.js';
import { describeUserEvent } from '../../src/audit/user-audit.js';
import type { UserCommand } from '../../src/domain/user/commands.js';
import { userEventTypes, type UserEvent } from '../../src/domain/user/events.js';
import { evolve, initialState } from '../../src/domain/user/user.js';

const userId = '0196f2a0-0000-7000-8000-000000000001';
const now = '2026-11-21T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'casey@example.com',
    firstName: 'Casey',
    lastName: 'Customer',
    role: 'tenant',
    registeredVia: 'sign-up',
    registeredAt: now,
  },
};
const passwordSet: UserEvent = {
  type: 'UserPasswordSet',
  data: { userId, reason: 'sign-up', firstPassword: true, setAt: now },
};
const command = <Type extends UserCommand['type']>(
  type: Type,
  data: Extract<UserCommand, { type: Type }>['data'],
) => ({ type, data, metadata: { now } }) as Extract<UserCommand, { type: Type }>;

describeAuditCoverage({
  producer: 'identity',
  aggregate: users,
  describeEvent: describeUserEvent,
  commandTypes: commandTypesOf(new URL('../../src/domain/user/commands.ts', import.meta.url), 'UserCommand'),
  eventTypes: userEventTypes,
  scenarios: {
    RegisterUser: [
      {
        when: command('RegisterUser', {
          userId,
          email: 'casey@example.com',
          firstName: 'Casey',
          lastName: null,
          role: 'tenant',
          registeredVia: 'admin',
        }),
      },
    ],
    ChangeProfile: [
      { given: [registered], when: command('ChangeProfile', { userId, changes: { lastName: 'Smith' } }) },
    ],
    ChangeRole: [
      {
        given: [registered],
        when: command('ChangeRole', { userId, role: 'admin', otherActiveAdminExists: true }),
      },
    ],
    EditUser: [
      {
        given: [registered],
        when: command('EditUser', {
          userId,
          changes: { email: 'casey.smith@example.com' },
          role: 'admin',
          otherActiveAdminExists: true,
        }),
      },
    ],
    ChangeNotificationPreferences: [
      {
        given: [registered],
        when: command('ChangeNotificationPreferences', {
          userId,
          preferences: { ...defaultNotificationPreferences, email: false },
        }),
      },
    ],
    RecordPasswordSet: [
      { given: [registered], when: command('RecordPasswordSet', { userId, reason: 'setup-link' }) },
      {
        given: [registered, passwordSet],
        when: command('RecordPasswordSet', { userId, reason: 'settings' }),
      },
    ],
    DeactivateUser: [
      { given: [registered], when: command('DeactivateUser', { userId, otherActiveAdminExists: true }) },
    ],
  },
});

describe('a user entry', () => {
  const state = evolve(initialState(), registered);

  it('says a password was changed, and why, never more', () => {
    const changed: UserEvent = {
      type: 'UserPasswordSet',
      data: { userId, reason: 'settings', firstPassword: false, setAt: now },
    };
    expect(describeUserEvent(changed, state, evolve(state, changed)).changes).toEqual([
      { field: 'Password', secret: 'changed' },
      { field: 'Reason', before: null, after: 'settings' },
    ]);
  });

  it('tells a first password from a change on events stored before they said which', () => {
    const old: UserEvent = { type: 'UserPasswordSet', data: { userId, setAt: now } };
    expect(describeUserEvent(old, state, evolve(state, old)).changes).toEqual([
      { field: 'Password', secret: 'set' },
    ]);
    const later = evolve(state, old);
    expect(describeUserEvent(old, later, evolve(later, old)).changes).toEqual([
      { field: 'Password', secret: 'changed' },
    ]);
  });

  it('names the account by its name, and the switch that moved', () => {
    const off: UserEvent = {
      type: 'UserNotificationPreferencesChanged',
      data: {
        userId,
        preferences: { ...defaultNotificationPreferences, securityAlerts: false },
        changedAt: now,
      },
    };
    expect(describeUserEvent(off, state, evolve(state, off))).toMatchObject({
      entity: { type: 'user', id: userId, label: 'Casey Customer' },
      accountId: userId,
      changes: [{ field: 'Security Alerts', before: 'On', after: 'Off' }],
    });
  });
});
