import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { NotFoundError } from '@app/domain';
import { aggregateStore, idOfCreation, type CommandOptions, type EventStore } from '@app/eventing';
import { userNotFound } from '../domain/user/decide.js';
import type { ViewAsEnding } from '../domain/view-as/events.js';
import { isLiveAt, type OpenViewAs, type ViewAsState } from '../domain/view-as/view-as.js';
import { findUser } from '../projections/user-queries.js';
import { viewAsSessions } from './view-as.js';

export interface ViewAsStart {
  adminId: string;
  /** The admin's own sign-in session: the view lives only inside it. */
  adminSessionId: string;
  customerId: string;
  reason: string;
}

/** Who an admin is while they view, as identity resolves a request that carries the view's cookie. */
export interface ViewAsBinding {
  adminId: string;
  adminSessionId: string;
}

/**
 * View as customer (issue 21 item 3): starting a view of a customer's account, ending it (left or expired), and
 * which view a request is in. The view's id is 122 random bits, as it is the `vas` cookie's value; it is worth
 * nothing outside the admin's own sign-in session.
 */
export function createViewAsCommands(deps: { eventStore: EventStore; db: pg.Pool; now: () => Date }) {
  const { eventStore, db, now } = deps;
  const store = aggregateStore(eventStore, viewAsSessions);
  const at = () => ({ now: now().toISOString() });

  return {
    async start(view: ViewAsStart, options: CommandOptions) {
      const found = await findUser(db, view.customerId);
      if (found === null) throw new NotFoundError(userNotFound);
      const { user } = found;
      const name = [user.firstName, user.lastName].filter((part) => part !== null && part !== '').join(' ');
      const sessionId = idOfCreation(options, randomUUID);
      const command = {
        type: 'StartViewAs',
        data: {
          sessionId,
          adminId: view.adminId,
          adminSessionId: view.adminSessionId,
          customer: { userId: user.id, role: user.role, isActive: user.isActive, label: name || user.email },
          reason: view.reason,
        },
        metadata: at(),
      } as const;
      return store.handle(sessionId, command, options);
    },

    async end(sessionId: string, ending: ViewAsEnding, options: CommandOptions) {
      return store.handle(
        sessionId,
        { type: 'EndViewAs', data: { sessionId, ending }, metadata: at() },
        options,
      );
    },

    /** The view, when it is live now and belongs to this admin's sign-in session; else null. */
    async live(sessionId: string, binding: ViewAsBinding): Promise<OpenViewAs | null> {
      const state = await readView(sessionId);
      if (!isLiveAt(state, now())) return null;
      const bound = state.adminId === binding.adminId && state.adminSessionId === binding.adminSessionId;
      return bound ? state : null;
    },

    read: readView,
  };

  async function readView(sessionId: string): Promise<ViewAsState> {
    // The cookie is anyone's to send: only a well-formed id is looked up.
    if (!uuidShape.test(sessionId)) return { status: 'absent' };
    return (await store.read(sessionId)).state;
  }
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ViewAsCommands = ReturnType<typeof createViewAsCommands>;
