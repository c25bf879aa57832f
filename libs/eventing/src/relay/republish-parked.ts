import type { EventStore } from '../event-store.js';
import { listParkedEvents, unparkEvent } from '../parked-events.js';
import type pg from 'pg';
import { isStorageUnavailable } from '../storage-unavailable.js';
import { publishEvent, type PublishContext } from './publish.js';

export interface RepublishParkedOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  schema: string;
  /** The relay's checkpoint name, which is also the consumer its events are parked under. */
  consumer: string;
  publish: PublishContext;
  signal: AbortSignal;
}

/**
 * Publishes the relay's parked events that the store can read now (after a fix was deployed), oldest first, and
 * forgets each once JetStream has it; one still unreadable stays parked. Runs each time a relay takes the lead,
 * so a restart is what replays them. Consumers drop copies by event id, as after any republish.
 */
export async function republishParked(options: RepublishParkedOptions): Promise<void> {
  const { pool, schema, consumer, publish, signal } = options;
  for (const parked of await listParkedEvents(pool, schema, consumer)) {
    const fields = { relay: consumer, eventId: parked.eventId, stream: parked.streamName };
    let event;
    try {
      event = (await options.eventStore.readStream(parked.streamName)).events.find(
        (candidate) => candidate.id === parked.eventId,
      );
    } catch (error) {
      if (isStorageUnavailable(error)) throw error;
      publish.logger.warn(
        { ...fields, err: error },
        'relay still cannot read a parked event; it stays parked',
      );
      continue;
    }
    if (!event) {
      publish.logger.warn(
        fields,
        'a parked event is no longer in its stream; it stays parked for an operator',
      );
      continue;
    }
    if (!(await publishEvent(publish, event, signal))) return;
    await unparkEvent(pool, schema, consumer, parked.eventId);
    publish.logger.info(fields, 'relay published a parked event');
  }
}
