import type { RecordedEvent } from '@app/eventing';

/**
 * `event` as the store hands it to a service's relay: revision `revision` of `streamName`, recorded `at` in the
 * request `request-1`, with an id made from the revision.
 */
export function recordedEvent(
  event: { type: string; data: object },
  where: { streamName: string; revision: number; at: string },
): RecordedEvent {
  return {
    id: `0196f2a0-0000-7000-8000-00000000010${where.revision}`,
    type: event.type,
    data: { ...event.data },
    metadata: { correlationId: 'request-1' },
    streamName: where.streamName,
    revision: where.revision,
    position: { commit: 1n, prepare: BigInt(where.revision) },
    recordedAt: new Date(where.at),
  };
}
