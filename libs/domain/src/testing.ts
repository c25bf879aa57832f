import type { Decider } from './decider.js';
import { fold } from './decider.js';

/**
 * given(events).when(command).then(events) for deciders (Emmett's DeciderSpecification, in small):
 * returns the events decided, or the error thrown, for the test to assert on.
 */
export function specification<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given(history: readonly Event[]) {
      return {
        when(
          command: Command,
        ): { events: Event[]; error?: undefined } | { events?: undefined; error: unknown } {
          try {
            return { events: decider.decide(command, fold(decider, history)) };
          } catch (error) {
            return { error };
          }
        },
      };
    },
  };
}
