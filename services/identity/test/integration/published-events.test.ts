import { describe, expect, it } from 'vitest';
import { identityIntegrationEventSchema } from '@app/contracts';
import type { UserEvent } from '../../src/domain/user/events.js';
import { recordedEvent } from '@app/test-support/recorded-event';
import { toIntegrationEvent } from '../../src/integration/published-events.js';

const userId = '0196f2a0-0000-7000-8000-000000000001';
const at = '2026-11-21T10:00:00.000Z';
const profile = { email: 'casey@example.test', firstName: 'Casey', lastName: null };

const recorded = (event: UserEvent, revision: number) =>
  recordedEvent(event, { streamName: `identity_user-${userId}`, revision, at });

describe('published identity events', () => {
  const history: Array<[UserEvent, string, Record<string, unknown>]> = [
    [
      {
        type: 'UserRegistered',
        data: { userId, ...profile, role: 'tenant', registeredVia: 'sign-up', registeredAt: at },
      },
      'identity.user.registered.v1',
      { ...profile, role: 'tenant', registeredVia: 'sign-up', registeredAt: at },
    ],
    [
      {
        type: 'UserProfileChanged',
        data: { userId, ...profile, lastName: 'Lee', profileImageUrl: null, changedAt: at },
      },
      'identity.user.updated.v1',
      { profile: { ...profile, lastName: 'Lee', profileImageUrl: null }, changedAt: at },
    ],
    [
      { type: 'UserRoleChanged', data: { userId, role: 'admin', changedAt: at } },
      'identity.user.updated.v1',
      { role: 'admin', changedAt: at },
    ],
    [
      { type: 'UserDeactivated', data: { userId, deactivatedAt: at } },
      'identity.user.deactivated.v1',
      { deactivatedAt: at },
    ],
    [
      {
        type: 'UserNotificationPreferencesChanged',
        data: { userId, preferences: { email: false, push: false, securityAlerts: true }, changedAt: at },
      },
      'identity.user.notification-preferences-changed.v1',
      { preferences: { email: false, push: false, securityAlerts: true }, changedAt: at },
    ],
    [
      { type: 'UserPasswordSet', data: { userId, reason: 'settings', firstPassword: false, setAt: at } },
      'identity.user.password-set.v1',
      { reason: 'settings', firstPassword: false, setAt: at },
    ],
  ];

  it.each(history.map(([event, subject, data], revision) => ({ event, subject, data, revision })))(
    '$event.type → $subject, valid against the public contract',
    ({ event, subject, data, revision }) => {
      const source = recorded(event, revision);
      const envelope = toIntegrationEvent(source);
      expect(identityIntegrationEventSchema.parse(envelope)).toEqual({
        id: source.id,
        type: subject,
        occurredAt: at,
        correlationId: 'request-1',
        causationId: source.id,
        data: { userId, ...data },
      });
    },
  );

  it('does not publish a password set recorded before reasons were kept', () => {
    const event: UserEvent = { type: 'UserPasswordSet', data: { userId, setAt: at } };
    expect(toIntegrationEvent(recorded(event, 4))).toBeNull();
  });
});
