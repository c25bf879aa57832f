import { convertGrpcRecord } from '@kurrent/kurrentdb-client/dist/utils/convertGrpcEvent.js';
import { convertRustRecord } from '@kurrent/kurrentdb-client/dist/utils/convertRustEvent.js';
import { describe, expect, it } from 'vitest';
import { MalformedEventError } from '../../src/malformed-event.js';
import { toRecordedEvent } from '../../src/kurrentdb/kurrent-mapping.js';
import { jsonBytes, type LoggedEvent } from './fake-log.js';
import { eventResponse } from './fake-subscription.js';

const stored: LoggedEvent = {
  stream: 'catalog_product-0191f0a0',
  revision: 3n,
  id: '0191f0a0-0000-7000-8000-000000000001',
  type: 'ProductRenamed',
  isJson: true,
  data: jsonBytes({ productId: 'p1', name: 'Renamed' }),
  metadata: jsonBytes({ correlationId: 'c1', schemaVersion: 1 }),
  createdMs: Date.UTC(2026, 10, 20, 9, 30, 15, 789),
  position: { commit: 4_200n, prepare: 4_200n },
};

/** The same stored event as each of the client's two paths hands it over. */
function throughBothPaths(event: LoggedEvent) {
  // Reads: the bridge's shape, created truncated to the second by kurrentdb-rs (TOOLCHAIN.md).
  const fromRead = convertRustRecord({
    streamId: event.stream,
    id: event.id,
    type: event.type,
    isJson: event.isJson,
    revision: event.revision,
    created: Math.floor(event.createdMs / 1_000) * 1_000,
    data: event.data,
    metadata: event.metadata,
    position: event.position,
  });
  // Subscriptions: the gRPC message, created in ticks, which keep the milliseconds.
  const fromSubscription = convertGrpcRecord(eventResponse(event).getEvent()!.getEvent()!);
  return { fromRead, fromSubscription };
}

describe('KurrentDB event mapping', () => {
  it('gives a read and a subscription of one event the same recordedAt, in whole seconds', () => {
    const { fromRead, fromSubscription } = throughBothPaths(stored);
    // The client's own two results differ by the milliseconds…
    expect(fromSubscription.created.getTime() - fromRead.created.getTime()).toBe(789);
    // …and the port's do not.
    const read = toRecordedEvent(fromRead);
    expect(toRecordedEvent(fromSubscription)).toEqual(read);
    expect(read.recordedAt).toEqual(new Date(Date.UTC(2026, 10, 20, 9, 30, 15)));
    expect(read).toMatchObject({
      data: { productId: 'p1', name: 'Renamed' },
      metadata: { correlationId: 'c1', schemaVersion: 1 },
      revision: 3,
      position: stored.position,
    });
  });

  it.each([
    ['a JSON string', { data: jsonBytes('not an object') }, /data is a string, not a JSON object/],
    ['a JSON array', { data: jsonBytes([1, 2]) }, /data is an array/],
    ['bytes that do not parse', { data: new TextEncoder().encode('{"half":') }, /data is a string/],
    ['binary content', { isJson: false }, /content type is not application\/json/],
    ['metadata that is a number', { metadata: jsonBytes(7) }, /metadata is a number/],
  ])('refuses %s, on either path, with MalformedEventError naming the event', (_, change, reason) => {
    const { fromRead, fromSubscription } = throughBothPaths({ ...stored, ...change });
    for (const event of [fromRead, fromSubscription]) {
      const error = (() => {
        try {
          toRecordedEvent(event);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(MalformedEventError);
      expect((error as MalformedEventError).reason).toMatch(reason);
      expect((error as MalformedEventError).event).toEqual({
        id: stored.id,
        type: stored.type,
        streamName: stored.stream,
        revision: 3,
        position: stored.position,
      });
    }
  });

  it('reads an event stored without metadata as one with empty metadata', () => {
    const { fromRead, fromSubscription } = throughBothPaths({ ...stored, metadata: new Uint8Array() });
    expect(toRecordedEvent(fromRead).metadata).toEqual({});
    expect(toRecordedEvent(fromSubscription).metadata).toEqual({});
  });
});
