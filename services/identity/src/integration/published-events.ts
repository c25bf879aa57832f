import { identitySubjects, type IdentityIntegrationEvent, type IntegrationEnvelope } from '@app/contracts';
import type { RecordedEvent } from '@app/eventing';
import { publishedEnvelopeOf } from '@app/service-kit/runtime';
import { users } from '../application/users.js';
import { viewAsEventTypes } from '../domain/view-as/events.js';

/**
 * Stored user events → the public `identity.user.*.v1` contract. The stored shape may evolve on its own; this
 * mapping keeps the published one stable. The notification switches are published whole, for notifications to
 * honour; that a password was set, with why and whether it was the first, for its security notice (never the
 * password). A password set recorded before reasons were kept is not published: it was never announced, and a
 * notice for it now would come late and could not say why.
 */
export function toIntegrationEvent(recorded: RecordedEvent): IntegrationEnvelope | null {
  // An admin's views of customers are identity's own record (and the audit trail's), not a public contract.
  if ((viewAsEventTypes as readonly string[]).includes(recorded.type)) return null;
  const event = users.decode(recorded);
  const envelope = publishedEnvelopeOf(recorded);
  const published: IdentityIntegrationEvent | null = (() => {
    switch (event.type) {
      case 'UserRegistered':
        return { ...envelope, type: identitySubjects.userRegistered, data: event.data };
      case 'UserProfileChanged': {
        const { userId, changedAt, ...profile } = event.data;
        return { ...envelope, type: identitySubjects.userUpdated, data: { userId, profile, changedAt } };
      }
      case 'UserRoleChanged':
        return { ...envelope, type: identitySubjects.userUpdated, data: event.data };
      case 'UserDeactivated':
        return { ...envelope, type: identitySubjects.userDeactivated, data: event.data };
      case 'UserNotificationPreferencesChanged':
        return { ...envelope, type: identitySubjects.userNotificationPreferencesChanged, data: event.data };
      case 'UserPasswordSet': {
        const { userId, reason, firstPassword, setAt } = event.data;
        if (reason === undefined || firstPassword === undefined) return null;
        return {
          ...envelope,
          type: identitySubjects.userPasswordSet,
          data: { userId, reason, firstPassword, setAt },
        };
      }
    }
  })();
  return published;
}
