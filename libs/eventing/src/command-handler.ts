import { v7 as uuidv7 } from 'uuid';
import {
  ConcurrencyError,
  PreconditionFailedError,
  fold,
  type Decider,
  type DomainCommand,
  type DomainEvent,
} from '@app/domain';
import { backoffDelay, sleep } from '@app/retry';
import type { EventMetadata, EventStore, Position, RecordedEvent, StreamRevision } from './event-store.js';

/** A conflict is another request's append a moment ago: a few milliseconds, at most 100, spread the writers. */
const conflictBackoff = { baseMs: 5, maxMs: 100 };

export interface CommandHandlerOptions<State, Command, Event extends DomainEvent> {
  eventStore: EventStore;
  decider: Decider<State, Command, Event>;
  /** Turns a stored event back into a domain event: validates it and upcasts older versions. */
  decode: (recorded: RecordedEvent) => Event;
  /** Schema version written into each new event's metadata. */
  schemaVersion?: number;
  /**
   * How often a conflicting append is retried (re-read, re-decide) before the conflict reaches the caller; each
   * retry waits a few jittered milliseconds, so writers racing on one stream spread out instead of colliding again.
   */
  maxRetries?: number;
  newEventId?: () => string;
}

export interface CommandOptions {
  /** The revision the caller last saw (If-Match). A stale one is a PreconditionFailedError; never retried. */
  expectedRevision?: StreamRevision;
  metadata: Omit<EventMetadata, 'schemaVersion'>;
}

/**
 * A command, or a function that makes it from the aggregate's current state (Emmett's `handle(id, (state) =>
 * …)`): when what to ask depends on the state (a secret to reseal, a password to reveal), the caller needs no read
 * of its own, and a conflict recomputes the command on the new state instead of failing on a pinned revision.
 */
export type CommandOrStateFunction<State, Command> = Command | ((state: State) => Command);

export interface CommandResult<State, Event> {
  state: State;
  newEvents: Event[];
  /** The stream's revision after the command: the ETag of the aggregate. */
  revision: StreamRevision | 'no_stream';
  /** Where the last new event landed in the log; null when the command changed nothing. */
  position: Position | null;
}

/**
 * The one way commands run (STYLE.md "Domain"): read the stream, fold it, decide, append with the revision
 * that was read. A conflict means someone appended in between, so the command is decided again on the new
 * state, a few times after a short jittered pause; with an explicit expected revision (If-Match) the caller asked
 * to fail instead.
 */
export function createCommandHandler<State, Command extends DomainCommand, Event extends DomainEvent>(
  options: CommandHandlerOptions<State, Command, Event>,
) {
  const { eventStore, decider, decode, schemaVersion = 1, maxRetries = 5, newEventId = uuidv7 } = options;

  return async function handle(
    stream: string,
    command: CommandOrStateFunction<State, Command>,
    commandOptions: CommandOptions,
  ): Promise<CommandResult<State, Event>> {
    const { operationId } = commandOptions.metadata;
    for (let attempt = 0; ; attempt += 1) {
      const { events, revision } = await eventStore.readStream(stream);
      const state = fold(decider, events.map(decode));
      const decided = commandFor(command, state);
      if (operationId !== undefined) {
        const done = eventsOfOperation(events, operationId, decided.type);
        if (done.length > 0) {
          // An earlier attempt of this request did it and its answer was lost: answer from what it appended.
          return { state, newEvents: done.map(decode), revision, position: done.at(-1)!.position };
        }
      }
      const expected = commandOptions.expectedRevision;
      if (expected !== undefined && expected !== revision) {
        throw new PreconditionFailedError(
          `The resource changed since you read it (revision ${String(revision)}, not ${expected}); reload and try again`,
        );
      }
      const newEvents = decider.decide(decided, state);
      if (newEvents.length === 0) return { state, newEvents, revision, position: null };
      const metadata = {
        ...commandOptions.metadata,
        ...(operationId !== undefined ? { command: decided.type } : {}),
        schemaVersion,
      };

      try {
        const appended = await eventStore.append(
          stream,
          newEvents.map((event) => ({
            id: newEventId(),
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata,
          })),
          revision,
        );
        return {
          state: newEvents.reduce(decider.evolve, state),
          newEvents,
          revision: appended.nextRevision,
          position: appended.position,
        };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (expected !== undefined) {
          throw new PreconditionFailedError('The resource changed since you read it; reload and try again');
        }
        if (attempt >= maxRetries) throw error;
        await sleep(backoffDelay(attempt, conflictBackoff));
      }
    }
  };
}

export type CommandHandler<State, Command, Event> = (
  stream: string,
  command: CommandOrStateFunction<State, Command>,
  options: CommandOptions,
) => Promise<CommandResult<State, Event>>;

/**
 * The id of what a command creates: the request's operation when it has one, so that a retry after a lost answer
 * names the same stream and finds its own events there (an entity created twice is not a retry), else a new one.
 */
export function idOfCreation(options: CommandOptions, newId: () => string = uuidv7): string {
  return options.metadata.operationId ?? newId();
}

/** The events `command` appended to the stream under `operationId`: none unless an attempt of it got that far. */
function eventsOfOperation(events: readonly RecordedEvent[], operationId: string, command: string) {
  return events.filter(
    (event) => event.metadata.operationId === operationId && event.metadata.command === command,
  );
}

/** Commands are plain objects, never functions, so a function here is always a state function. */
function commandFor<State, Command>(command: CommandOrStateFunction<State, Command>, state: State): Command {
  return typeof command === 'function' ? (command as (state: State) => Command)(state) : command;
}
