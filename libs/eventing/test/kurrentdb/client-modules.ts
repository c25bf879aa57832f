import { createRequire } from 'node:module';
import type * as GrpcJs from '@grpc/grpc-js';
import type * as SharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import type * as StatusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb';
import type * as StreamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import type * as FeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb';
import type * as StreamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';
import type * as FeaturesGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb';

/**
 * The very modules the client loads (the same grpc-js, the same generated protobuf classes), so what the fake
 * transport builds passes the client's own `instanceof` and decoding. Loaded with require from the client's
 * location: the generated files attach their classes at run time, which ESM imports cannot see.
 */
const fromClient = createRequire(createRequire(import.meta.url).resolve('@kurrent/kurrentdb-client'));

export type { GrpcJs, StreamsPb };

export const grpc = fromClient('@grpc/grpc-js') as typeof GrpcJs;
export const sharedPb = fromClient('../generated/kurrentdb/protocols/v1/shared_pb') as typeof SharedPb;
export const streamsPb = fromClient('../generated/kurrentdb/protocols/v1/streams_pb') as typeof StreamsPb;
export const statusPb = fromClient('../generated/kurrentdb/protocols/v1/status_pb') as typeof StatusPb;
export const featuresPb = fromClient(
  '../generated/kurrentdb/protocols/v1/serverfeatures_pb',
) as typeof FeaturesPb;
export const anyPb = fromClient('google-protobuf/google/protobuf/any_pb') as typeof AnyPb;
export const { StreamsClient } = fromClient(
  '../generated/kurrentdb/protocols/v1/streams_grpc_pb',
) as typeof StreamsGrpc;
export const { ServerFeaturesClient } = fromClient(
  '../generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb',
) as typeof FeaturesGrpc;

/**
 * A gRPC failure as grpc-js hands it to a callback or an 'error' listener: an Error with the status code, its
 * details and metadata (grpc-js call.ts callErrorFromStatus). `exception` metadata is how KurrentDB names its
 * errors (convertToCommandError, CommandError.js:433-469).
 */
export function grpcError(
  code: GrpcJs.status,
  details: string,
  metadata: Record<string, string> = {},
): GrpcJs.ServiceError {
  const entries = new grpc.Metadata();
  for (const [key, value] of Object.entries(metadata)) entries.set(key, value);
  return Object.assign(new Error(`${code} ${grpc.status[code]}: ${details}`), {
    code,
    details,
    metadata: entries,
  });
}

/**
 * A failure as the Rust bridge throws it: a plain Error whose `name` is the kind and whose `metadata` is a plain
 * object (bridge error.rs create_js_error); the client converts it by name (convertBridgeError.js:6-28).
 */
export function bridgeError(name: string, message = name): Error {
  return Object.assign(new Error(message), {
    name,
    metadata: name === 'UnknownError' ? { detail: message } : {},
  });
}
