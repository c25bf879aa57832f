import { ConcurrencyError, NotFoundError, TooLargeError } from '@app/domain';
import {
  CancelledError,
  convertToCommandError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError as ClientStreamDeletedError,
  TimeoutError,
  UnknownError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { convertBridgeError } from '@kurrent/kurrentdb-client/dist/utils/convertBridgeError.js';
import { describe, expect, it } from 'vitest';
import { mapKurrentError, StreamDeletedError } from '../../src/kurrentdb/kurrent-errors.js';
import { EventStoreUnavailableError, isStorageUnavailable } from '../../src/storage-unavailable.js';
import { bridgeError, grpc, grpcError } from './client-modules.js';

const target = '127.0.0.1:2113';

/**
 * Every error here is the client's own class, made the way the client makes it: reads through the bridge's
 * conversion (convertBridgeError), appends and subscriptions through the gRPC one (convertToCommandError).
 */
describe('KurrentDB error translation', () => {
  it.each([
    // kurrentdb-rs's Display texts (types.rs `Error`), which the bridge passes on as UnknownError.
    ['a server restart during a read', 'Server-side error: status: Unavailable, message: "shutting down"'],
    ['a closed connection during a read', 'Connection is closed.'],
    ['a deadline during a read', 'Deadline exceeded'],
  ])('maps %s to EventStoreUnavailableError', (_, message) => {
    const clientError = convertBridgeError(bridgeError('UnknownError', message), 'catalog_product-1');
    expect(clientError).toBeInstanceOf(UnknownError);
    const mapped = mapKurrentError(clientError, { target });
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect(isStorageUnavailable(mapped)).toBe(true);
  });

  it('maps the bridge’s UnavailableError (no connection at all) to EventStoreUnavailableError', () => {
    const mapped = mapKurrentError(convertBridgeError(bridgeError('UnavailableError')), { target });
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('passes on an unknown bridge error that no retry would cure', () => {
    const clientError = convertBridgeError(bridgeError('UnknownError', 'Internal parsing error: bad uuid'));
    expect(mapKurrentError(clientError, { target })).toBe(clientError);
  });

  it.each([
    ['a deadline', grpc.status.DEADLINE_EXCEEDED, DeadlineExceededError],
    ['a cancel by the server', grpc.status.CANCELLED, CancelledError],
  ])('maps %s on a gRPC call to EventStoreUnavailableError', (_, code, clientClass) => {
    const clientError = convertToCommandError(grpcError(code, 'the server gave up'));
    expect(clientError).toBeInstanceOf(clientClass);
    expect(mapKurrentError(clientError, { target })).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('maps a server-side timeout (ABORTED with details, which has a code no retry list names) to EventStoreUnavailableError', () => {
    // As the client makes it for an ABORTED status that carries details (CommandError.js:471-479).
    const clientError = new TimeoutError(grpcError(grpc.status.ABORTED, 'commit timeout'));
    expect(mapKurrentError(clientError, { target })).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('maps a read that reached a follower (NotLeaderError, which the client follows to the leader) to EventStoreUnavailableError', () => {
    // The bridge names the leader in its metadata (bridge error.rs create_js_error).
    const fromFollower = Object.assign(bridgeError('NotLeaderError'), {
      metadata: { 'leader-endpoint-host': '10.0.0.2', 'leader-endpoint-port': 2113 },
    });
    expect(mapKurrentError(convertBridgeError(fromFollower), { target })).toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });

  it('maps a batch append the server timed out, which carries no gRPC code, to EventStoreUnavailableError', () => {
    // What the client makes of a batch append's Timeout answer (unpackError.js:202-207).
    const clientError = new DeadlineExceededError();
    expect(clientError.code).toBeUndefined();
    expect(mapKurrentError(clientError, { target })).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('maps a raw gRPC UNAVAILABLE, as an append to a closed port rejects (TOOLCHAIN.md), to EventStoreUnavailableError', () => {
    const mapped = mapKurrentError(grpcError(grpc.status.UNAVAILABLE, 'No connection established'), {
      target,
    });
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect((mapped as Error).message).toMatch(/^KurrentDB at 127\.0\.0\.1:2113 is unavailable/);
  });

  it('maps a wrong expected version to ConcurrencyError with the actual revision', () => {
    const clientError = new WrongExpectedVersionError(undefined, {
      streamName: 'catalog_product-1',
      current: 4n,
      expected: 2n,
    });
    const mapped = mapKurrentError(clientError, { target, stream: 'catalog_product-1', expected: 2 });
    expect(mapped).toBeInstanceOf(ConcurrencyError);
    expect(mapped).toMatchObject({ expectedRevision: 2, actualRevision: 4 });
  });

  it('maps a deleted stream, from a read or an append, to StreamDeletedError, a 404 NotFoundError', () => {
    const fromRead = convertBridgeError(bridgeError('StreamDeletedError'), 'catalog_product-1');
    const fromAppend = convertToCommandError(
      grpcError(grpc.status.FAILED_PRECONDITION, 'deleted', {
        exception: 'stream-deleted',
        'stream-name': 'catalog_product-2',
      }),
    );
    expect(fromRead).toBeInstanceOf(ClientStreamDeletedError);
    expect(fromAppend).toBeInstanceOf(ClientStreamDeletedError);
    const read = mapKurrentError(fromRead, { target, stream: 'catalog_product-1' });
    expect(read).toBeInstanceOf(StreamDeletedError);
    expect(read).toBeInstanceOf(NotFoundError);
    expect(read).toMatchObject({
      streamName: 'catalog_product-1',
      message: 'This resource has been deleted.',
    });
    expect(mapKurrentError(fromAppend, { target })).toMatchObject({ streamName: 'catalog_product-2' });
  });

  it('maps MaxAppendSizeExceededError to TooLargeError naming the limit', () => {
    const clientError = MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576);
    const mapped = mapKurrentError(clientError, { target, stream: 'catalog_product-1', expected: 0 });
    expect(mapped).toBeInstanceOf(TooLargeError);
    expect((mapped as Error).message).toBe(
      'This change is too large to save (at most 1024 KB can be saved at once). Please send less data.',
    );
  });
});
