import { users } from '../../../services/identity/src/application/users.js';
import { userEventSchema } from '../../../services/identity/src/domain/user/events.js';
import type { BenchUser } from '../dataset.js';
import { storedStream, type StreamAppend } from './stored-stream.js';

/** An account an admin made (`registeredVia: admin`): tenancy's onboarding makes no tenant for it. */
export function userStream(user: BenchUser): StreamAppend {
  const { userId, email, firstName, lastName, role, registeredAt } = user;
  return storedStream(users, userEventSchema, userId, [
    {
      type: 'RegisterUser',
      data: { userId, email, firstName, lastName, role, registeredVia: 'admin' },
      metadata: { now: registeredAt },
    },
  ]);
}
