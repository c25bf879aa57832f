import type { AuditDescription } from '@app/contracts';
import { fold, type DomainCommand, type DomainEvent } from '@app/domain';
import type { Aggregate, EventStore, RecordedEvent } from '@app/eventing';
import { StateCache } from './state-cache.js';

/**
 * A producer's audit mapping of one aggregate (issue 21): pure, exhaustive over its event union, from the event and
 * the aggregate's state before and after it, so an entry can say what a field was and what it became.
 */
export type AuditDescriber<State, Event> = (event: Event, before: State, after: State) => AuditDescription;

/** An aggregate with its audit mapping, as a service's descriptor lists them (`audit.aggregates`). */
export interface AuditedAggregate {
  readonly category: string;
  /** The description of one stored event of this aggregate, its stream read as far as needed. */
  describe(recorded: RecordedEvent, store: Pick<EventStore, 'readStream'>): Promise<AuditDescription>;
}

/** Streams whose latest state the relay keeps; one product or tenant each, a few KB at most. */
const defaultCachedStreams = 10_000;

export function auditedAggregate<State, Command extends DomainCommand, Event extends DomainEvent>(
  aggregate: Aggregate<State, Command, Event>,
  describe: AuditDescriber<State, Event>,
  options: { cachedStreams?: number } = {},
): AuditedAggregate {
  const { decider, decode } = aggregate;
  const cache = new StateCache<State>(options.cachedStreams ?? defaultCachedStreams);

  async function stateBefore(recorded: RecordedEvent, store: Pick<EventStore, 'readStream'>): Promise<State> {
    if (recorded.revision === 0) return decider.initialState();
    const cached = cache.after(recorded.streamName, recorded.revision - 1);
    if (cached !== undefined) return cached;
    const { events } = await store.readStream(recorded.streamName);
    return fold(decider, events.filter((event) => event.revision < recorded.revision).map(decode));
  }

  return {
    category: aggregate.category,
    async describe(recorded, store) {
      const event = decode(recorded);
      const before = await stateBefore(recorded, store);
      const after = decider.evolve(before, event);
      cache.keep(recorded.streamName, recorded.revision, after);
      return describe(event, before, after);
    },
  };
}
