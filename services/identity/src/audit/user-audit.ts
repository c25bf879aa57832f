import type { AuditChange, AuditDescription, NotificationPreferences } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, initialFields, secretChange } from '@app/service-kit/audit';
import { users } from '../application/users.js';
import type { UserEvent } from '../domain/user/events.js';
import type { UserState } from '../domain/user/user.js';

const actions = {
  UserRegistered: 'user.registered',
  UserProfileChanged: 'user.profile-changed',
  UserRoleChanged: 'user.role-changed',
  UserPasswordSet: 'user.password-set',
  UserNotificationPreferencesChanged: 'user.notification-preferences-changed',
  UserDeactivated: 'user.deactivated',
} as const satisfies Record<UserEvent['type'], AuditDescription['action']>;

/** "Casey Customer", or the email when the account has no name. */
function labelOf(state: UserState): string | null {
  if (state.status === 'absent') return null;
  const { firstName, lastName, email } = state.profile;
  const name = [firstName, lastName].filter((part) => part !== null && part !== '').join(' ');
  return name === '' ? email : name;
}

function profileOf(state: UserState) {
  return state.status === 'absent' ? undefined : state.profile;
}

function preferencesChanges(before: NotificationPreferences | undefined, after: NotificationPreferences) {
  const onOff = (on: boolean | undefined) => (on === undefined ? null : on ? 'On' : 'Off');
  return changedFields([
    ['Email Notifications', onOff(before?.email), onOff(after.email)],
    ['Push Notifications', onOff(before?.push), onOff(after.push)],
    ['Security Alerts', onOff(before?.securityAlerts), onOff(after.securityAlerts)],
  ]);
}

function changesOf(event: UserEvent, before: UserState, after: UserState): AuditChange[] {
  switch (event.type) {
    case 'UserRegistered':
      return initialFields([
        ['Email', event.data.email],
        ['First name', event.data.firstName],
        ['Last name', event.data.lastName],
        ['Role', event.data.role],
        ['Registered via', event.data.registeredVia],
      ]);
    case 'UserProfileChanged': {
      const was = profileOf(before);
      const now = profileOf(after);
      return changedFields([
        ['Email', was?.email, now?.email],
        ['First name', was?.firstName, now?.firstName],
        ['Last name', was?.lastName, now?.lastName],
        ['Profile image', was?.profileImageUrl, now?.profileImageUrl],
      ]);
    }
    case 'UserRoleChanged':
      return changedFields([['Role', before.status === 'absent' ? null : before.role, event.data.role]]);
    case 'UserPasswordSet': {
      // "password changed": the fact and why, never the password (the event holds none either).
      const first = event.data.firstPassword ?? (before.status !== 'absent' && !before.hasPassword);
      const reason =
        event.data.reason === undefined ? [] : changedFields([['Reason', null, event.data.reason]]);
      return [secretChange('Password', first ? 'set' : 'changed'), ...reason];
    }
    case 'UserNotificationPreferencesChanged':
      return preferencesChanges(
        before.status === 'absent' ? undefined : before.notificationPreferences,
        event.data.preferences,
      );
    case 'UserDeactivated':
      return changedFields([['Status', before.status, after.status]]);
    default:
      return assertNever(event);
  }
}

/** Each stored user event as an audit entry about that account, which is also the account it concerns. */
export function describeUserEvent(event: UserEvent, before: UserState, after: UserState): AuditDescription {
  const { userId } = event.data;
  return {
    action: actions[event.type],
    entity: { type: 'user', id: userId, label: labelOf(after) },
    tenantId: null,
    accountId: userId,
    changes: changesOf(event, before, after),
  };
}

export const usersAudit = auditedAggregate(users, describeUserEvent);
