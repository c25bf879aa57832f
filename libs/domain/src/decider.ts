/**
 * A decider (Jérémie Chassaing's pattern, as in Emmett): pure functions that decide which events a command
 * produces from the state folded out of past events. No clock, randomness or I/O inside: time arrives in the
 * command, ids are made before.
 */
export interface Decider<State, Command, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** What every command has: a type tag, which the command handler records with an idempotent request's events. */
export interface DomainCommand<Type extends string = string> {
  type: Type;
}

/** The shape every domain event has in memory: a type tag and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export function fold<State, Event>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Ends a switch over a union so that adding a member without handling it is a type error. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
