/**
 * A stream's events as the command path would store them: each command decided by the service's own decider on
 * the state the earlier ones left, each event checked against the service's stored-event union (so no projection
 * ever parks one), then given an id and metadata as the generic command handler gives them.
 */
import type { DomainCommand, DomainEvent } from '@app/domain';
import { streamOf, type Aggregate, type NewEvent } from '@app/eventing';
import { v7 as uuidv7 } from 'uuid';

/** One stream and the events appended to it when it is new. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
}

/** What the loader's events say made them: the audit trail then never mistakes bench data for a person's. */
const metadata = { actorId: 'bench-scale', schemaVersion: 1 } as const;

export function storedStream<State, Command extends DomainCommand, Event extends DomainEvent>(
  aggregate: Aggregate<State, Command, Event>,
  union: { parse(input: unknown): Event },
  id: string,
  commands: readonly Command[],
): StreamAppend {
  const { decider } = aggregate;
  let state = decider.initialState();
  const events: NewEvent[] = [];
  for (const command of commands) {
    for (const event of decider.decide(command, state)) {
      state = decider.evolve(state, event);
      const stored = union.parse({ type: event.type, data: event.data });
      events.push({
        id: uuidv7(),
        type: stored.type,
        data: stored.data as Record<string, unknown>,
        metadata,
      });
    }
  }
  return { stream: streamOf(aggregate, id), events };
}
