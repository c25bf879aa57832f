import { expect } from 'vitest';
import type { Decider } from './decider.js';
import { fold } from './decider.js';

/** An error class a rule may throw; abstract classes such as DomainError count too. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * A decider test that reads as the rule it checks (Emmett's DeciderSpecification, in small):
 * `specification(decider).given(history).when(command).then(events)`, or `.thenThrows(error)`.
 * The command is decided only when `then` or `thenThrows` asks, so a test that never states its expectation
 * decides nothing and proves nothing; both fail with vitest's diff of what the decider did instead.
 */
export function specification<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given: (history: readonly Event[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, fold(decider, history));
        return {
          /** The decider decides exactly these events, in this order; `[]` when the command changes nothing. */
          then(expected: readonly Event[]): void {
            let events: Event[];
            try {
              events = decide();
            } catch (error) {
              throw new Error(`expected the decider to decide events, but it threw ${errorText(error)}`, {
                cause: error,
              });
            }
            expect(events).toEqual(expected);
          },
          /**
           * The decider refuses the command: with an error of this class, or with an error equal to this one
           * (same class, message and fields, such as a ValidationError's field problems).
           */
          thenThrows(expected: ErrorClass | Error): void {
            let events: Event[];
            try {
              events = decide();
            } catch (error) {
              if (expected instanceof Error) expect(error).toStrictEqual(expected);
              else expect(error).toBeInstanceOf(expected);
              return;
            }
            expect.fail(
              `expected the decider to throw ${expected instanceof Error ? errorText(expected) : expected.name}, but it decided ${JSON.stringify(events)}`,
            );
          },
        };
      },
    }),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
