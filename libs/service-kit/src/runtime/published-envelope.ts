import type { RecordedEvent } from '@app/eventing';

/**
 * The envelope of a stored event's published form, the same for every service: the stored event's id (so a
 * consumer's dedupe holds across relay restarts), its time, its correlation, and itself as the cause.
 */
export function publishedEnvelopeOf(recorded: RecordedEvent) {
  return {
    id: recorded.id,
    occurredAt: recorded.recordedAt.toISOString(),
    ...(recorded.metadata.correlationId ? { correlationId: recorded.metadata.correlationId } : {}),
    causationId: recorded.id,
  };
}
