import type { RecordedEvent } from '@app/eventing';

/** The envelope fields of a published tenancy event: its id, time and causation come from the stored event. */
export function envelopeOf(recorded: RecordedEvent) {
  return {
    id: recorded.id,
    occurredAt: recorded.recordedAt.toISOString(),
    ...(recorded.metadata.correlationId ? { correlationId: recorded.metadata.correlationId } : {}),
    causationId: recorded.id,
  };
}
