import { assertNever, type Decider } from '@app/domain';
import type { EndTerm, TermCommand } from './commands.js';
import type { TermEvent } from './events.js';
import { evolve, initialState, type TermState } from './term.js';

/** Each term ends once: the runner's next tick, or a second replica, finds it ended and adds nothing. */
function endTerm(command: EndTerm, state: TermState): TermEvent[] {
  const { subscriptionId, tenantId, productId, endsAt } = command.data;
  if (state.endedAt.some((endedAt) => Date.parse(endedAt) === Date.parse(endsAt))) return [];
  return [{ type: 'TermEnded', data: { subscriptionId, tenantId, productId, endedAt: endsAt } }];
}

export function decide(command: TermCommand, state: TermState): TermEvent[] {
  switch (command.type) {
    case 'EndTerm':
      return endTerm(command, state);
    default:
      return assertNever(command.type);
  }
}

export const termDecider: Decider<TermState, TermCommand, TermEvent> = { initialState, evolve, decide };
