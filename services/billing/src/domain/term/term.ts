import type { TermEvent } from './events.js';

/** The terms of one subscription that billing has ended: a subscription bought again may end again later. */
export interface TermState {
  endedAt: readonly string[];
}

export const initialState = (): TermState => ({ endedAt: [] });

export function evolve(state: TermState, event: TermEvent): TermState {
  switch (event.type) {
    case 'TermEnded':
      return { endedAt: [...state.endedAt, event.data.endedAt] };
  }
}
