import { fold, type Decider, type DomainCommand, type DomainEvent } from '@app/domain';
import {
  createCommandHandler,
  type CommandOptions,
  type CommandOrStateFunction,
  type CommandResult,
} from './command-handler.js';
import { streamName, type EventStore, type RecordedEvent, type StreamRevision } from './event-store.js';

/**
 * One kind of aggregate as a value (Emmett's deciders as values): its stream category, its decider and how a
 * stored event is read back (validated, older versions upcast). A service lists its aggregates in its descriptor;
 * their categories are what its projections read and its relay publishes.
 */
export interface Aggregate<State, Command extends DomainCommand, Event extends DomainEvent> {
  /** `<service>_<aggregate>`, the part of every stream name before the dash. */
  category: string;
  decider: Decider<State, Command, Event>;
  decode: (recorded: RecordedEvent) => Event;
}

export function defineAggregate<State, Command extends DomainCommand, Event extends DomainEvent>(
  aggregate: Aggregate<State, Command, Event>,
): Aggregate<State, Command, Event> {
  return aggregate;
}

/** Stream names of one aggregate kind: `catalog_product-<id>`. */
export function streamOf(aggregate: { category: string }, id: string): string {
  return streamName(aggregate.category, id);
}

/** An aggregate as its own stream tells it. */
export interface AggregateSnapshot<State> {
  state: State;
  /** The stream's revision: the ETag a caller may send back as If-Match. */
  revision: StreamRevision | 'no_stream';
}

/** One aggregate kind bound to an event store: the only way a service reads or changes one. */
export interface AggregateStore<State, Command, Event> {
  read(id: string): Promise<AggregateSnapshot<State>>;
  /**
   * Decides the command (or the command the function makes from the current state) and appends what it decides,
   * with If-Match (`options.expectedRevision`) and conflict retries as the command handler does them.
   */
  handle(
    id: string,
    command: CommandOrStateFunction<State, Command>,
    options: CommandOptions,
  ): Promise<CommandResult<State, Event>>;
}

export function aggregateStore<State, Command extends DomainCommand, Event extends DomainEvent>(
  eventStore: EventStore,
  aggregate: Aggregate<State, Command, Event>,
): AggregateStore<State, Command, Event> {
  const { decider, decode } = aggregate;
  const handle = createCommandHandler({ eventStore, decider, decode });
  return {
    async read(id) {
      const { events, revision } = await eventStore.readStream(streamOf(aggregate, id));
      return { state: fold(decider, events.map(decode)), revision };
    },
    handle: (id, command, options) => handle(streamOf(aggregate, id), command, options),
  };
}
