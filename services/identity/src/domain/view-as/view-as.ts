import type { ViewAsEnding, ViewAsEvent } from './events.js';

/** How long a view lasts at most (issue 21: "the session ends after 30 minutes"). */
export const viewAsDurationMs = 30 * 60 * 1000;

interface ViewAsFacts {
  sessionId: string;
  adminId: string;
  adminSessionId: string;
  customerId: string;
  customerLabel: string;
  reason: string;
  startedAt: string;
  expiresAt: string;
}

export type ViewAsState =
  | { status: 'absent' }
  | ({ status: 'open' } & ViewAsFacts)
  | ({ status: 'ended'; ending: ViewAsEnding; endedAt: string } & ViewAsFacts);

export type OpenViewAs = Extract<ViewAsState, { status: 'open' }>;

export const initialState = (): ViewAsState => ({ status: 'absent' });

export function evolve(state: ViewAsState, event: ViewAsEvent): ViewAsState {
  switch (event.type) {
    case 'ViewAsStarted':
      return { status: 'open', ...event.data };
    case 'ViewAsEnded':
      return state.status === 'open'
        ? { ...state, status: 'ended', ending: event.data.ending, endedAt: event.data.endedAt }
        : state;
  }
}

/** Whether the view is live at `now`: started, not ended, and before its expiry (whatever the runner did yet). */
export function isLiveAt(state: ViewAsState, now: Date): state is OpenViewAs {
  return state.status === 'open' && now.getTime() < Date.parse(state.expiresAt);
}
